import { Anchor, Button } from "@mantine/core";
import type { DealSheet, SheetTable } from "@shared/deal/deal-sheet";
import { CORE_MSG } from "@shared/text/page-text";
import { SHEET_TEXT } from "@shared/text/sheet-messages";
import { IconArrowLeft, IconDownload, IconPrinter } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { Link, useParams, useSearchParams } from "react-router";
import { Notice } from "@/components/notice";
import { PageLoader } from "@/components/page-loader";
import { errorText } from "@/lib/api";
import { usePageTitle } from "@/lib/page-title";
import classes from "./deal-sheet.module.css";
import { fetchSheetPdf, loadSheet, type SheetAnswer } from "./sheet-api";

// Issue #19: the deal sheet of the current deal (/quote/<id>/sheet) or of a stored version
// (/quote/<id>/versions/<n>/sheet). The server builds the sheet (shared/deal/deal-sheet.ts), the same
// model its PDF is drawn from, so the page, the print-out and the PDF hold the same figures.
// ?view=dealer sends the dealer's token for the dealer's copy (with the customer).

type Load =
  | { state: "loading" }
  | { state: "ready"; answer: SheetAnswer }
  | { state: "failed"; message: string };

export default function DealSheetPage() {
  const { id = "", n } = useParams();
  const [params] = useSearchParams();
  const dealerMode = params.get("view") === "dealer";
  const [load, setLoad] = useState<Load>({ state: "loading" });
  const [pdfError, setPdfError] = useState<string | null>(null);
  const [downloading, setDownloading] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    setLoad({ state: "loading" });
    loadSheet({ id, n, dealerMode }, controller.signal)
      .then((answer) => setLoad({ state: "ready", answer }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setLoad({
          state: "failed",
          message: errorText(error, SHEET_TEXT.loadFailed),
        });
      });
    return () => controller.abort();
  }, [id, n, dealerMode]);

  const sheet = load.state === "ready" ? load.answer.sheet : null;
  usePageTitle(sheet ? SHEET_TEXT.pageTitle(sheet.vehicle.description) : SHEET_TEXT.title);

  const quoteLink = `/quote/${encodeURIComponent(id)}${dealerMode ? "?view=dealer" : ""}`;
  const downloadPdf = async () => {
    setDownloading(true);
    setPdfError(null);
    try {
      const url = URL.createObjectURL(await fetchSheetPdf({ id, n, dealerMode }));
      const link = document.createElement("a");
      link.href = url;
      link.download = `deal-sheet-${id.slice(0, 8)}${n ? `-v${n}` : ""}.pdf`;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch {
      setPdfError(SHEET_TEXT.pdfFailed);
    } finally {
      setDownloading(false);
    }
  };

  return (
    <main className={classes.page} id="main">
      <div className={classes.toolbar}>
        <Button component={Link} to={quoteLink} variant="default" leftSection={<IconArrowLeft size={16} />}>
          {SHEET_TEXT.backToQuote}
        </Button>
        <Button
          variant="default"
          leftSection={<IconPrinter size={16} />}
          onClick={() => window.print()}
          disabled={!sheet}
        >
          {SHEET_TEXT.print}
        </Button>
        <Button
          leftSection={<IconDownload size={16} />}
          onClick={() => void downloadPdf()}
          loading={downloading}
          disabled={!sheet}
        >
          {SHEET_TEXT.downloadPdf}
        </Button>
      </div>
      {pdfError ? (
        <Notice tone="error" onClose={() => setPdfError(null)}>
          {pdfError}
        </Notice>
      ) : null}
      {load.state === "loading" ? <PageLoader /> : null}
      {load.state === "failed" ? (
        <Notice
          tone="error"
          title={load.message === CORE_MSG.quoteNotFound ? undefined : SHEET_TEXT.loadFailed}
        >
          {load.message}{" "}
          <Anchor component={Link} to={quoteLink}>
            {SHEET_TEXT.backToQuote}
          </Anchor>
        </Notice>
      ) : null}
      {sheet && load.state === "ready" ? <SheetView sheet={sheet} copy={load.answer.copy} /> : null}
    </main>
  );
}

function SheetView({ sheet, copy }: { sheet: DealSheet; copy: SheetAnswer["copy"] }) {
  return (
    <article className={classes.sheet} aria-labelledby="sheet-title" data-testid="deal-sheet">
      <header className={classes.head}>
        <div>
          <p className={classes.dealership}>{sheet.dealership.name}</p>
          {sheet.dealership.lines.map((line) => (
            <div key={line}>{line}</div>
          ))}
          {sheet.dealership.consultant ? <div>{sheet.dealership.consultant}</div> : null}
        </div>
        <div className={classes.stamp}>
          <h1 id="sheet-title" className={classes.title}>
            {sheet.title}
          </h1>
          <div data-testid="sheet-version">
            <strong>{sheet.stamp.heading}</strong>
          </div>
          <div className="dd-secondary-text">{sheet.stamp.detail}</div>
          <div>
            {SHEET_TEXT.fingerprint}{" "}
            <span className={classes.fingerprint} data-testid="sheet-fingerprint">
              {sheet.stamp.fingerprint}
            </span>
          </div>
          <div className="dd-secondary-text">
            {copy === "dealer" ? SHEET_TEXT.dealerCopy : SHEET_TEXT.customerCopy}
          </div>
        </div>
      </header>

      <section className={classes.agreement} aria-labelledby="sheet-agreement" data-testid="sheet-agreement">
        <h2 id="sheet-agreement" className={classes.label}>
          {sheet.agreement.heading}:
        </h2>
        <p className={classes.selection} data-testid="sheet-selection">
          {sheet.agreement.text}
        </p>
        {sheet.agreement.paidWith ? <p data-testid="sheet-paid-with">{sheet.agreement.paidWith}</p> : null}
      </section>

      {sheet.truthInLending ? (
        <section className={classes.til} aria-labelledby="sheet-til" data-testid="sheet-til">
          <h2 id="sheet-til" className={classes.label}>
            {sheet.truthInLending.heading}
          </h2>
          <dl className={classes.tilBoxes}>
            {sheet.truthInLending.boxes.map((box) => (
              <div key={box.label} className={classes.tilBox}>
                <dt>{box.label}</dt>
                <dd className={classes.tilAmount}>{box.amount}</dd>
                <dd className={`${classes.tilNote} dd-secondary-text`}>{box.note}</dd>
              </div>
            ))}
          </dl>
          <p data-testid="sheet-til-schedule">{sheet.truthInLending.schedule}</p>
        </section>
      ) : null}

      <div className={classes.band}>
        <section aria-labelledby="sheet-vehicle">
          <h2 id="sheet-vehicle" className={classes.label}>
            {sheet.vehicle.heading}
          </h2>
          <p className={classes.vehicle}>{sheet.vehicle.description}</p>
          <div>{sheet.vehicle.details.join(" · ")}</div>
        </section>
        <div>
          {[sheet.customer, sheet.acceptedBy].map((block) =>
            block ? (
              <section key={block.heading} aria-label={block.heading}>
                <h2 className={classes.label}>{block.heading}</h2>
                <div>{block.lines.join(" · ")}</div>
              </section>
            ) : null,
          )}
        </div>
      </div>

      <div className={classes.columns}>
        <section aria-labelledby="sheet-breakdown">
          <h2 id="sheet-breakdown" className={classes.h2}>
            {SHEET_TEXT.breakdown}
          </h2>
          <table className={classes.lines} data-testid="sheet-lines">
            <tbody>
              {sheet.lines.map((line, i) => (
                <tr
                  // biome-ignore lint/suspicious/noArrayIndexKey: a sheet's lines are fixed; labels can repeat (two fees of one name).
                  key={i}
                  className={line.level === 1 ? classes.detail : line.strong ? classes.strong : undefined}
                >
                  <th scope="row" className={line.level === 1 ? "dd-secondary-text" : undefined}>
                    {line.label}
                    {line.note ? (
                      <span className={`${classes.note} dd-secondary-text`}>{line.note}</span>
                    ) : null}
                  </th>
                  <td className={line.level === 1 ? "dd-secondary-text" : undefined}>{line.amount}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
        <section aria-labelledby={sheet.tables.length > 0 ? "sheet-payments" : undefined}>
          {sheet.tables.length > 0 ? (
            <h2 id="sheet-payments" className={classes.h2}>
              {SHEET_TEXT.payments}
            </h2>
          ) : null}
          {sheet.tables.map((table) => (
            <GridTable key={table.title} table={table} />
          ))}
        </section>
      </div>

      <section className={classes.disclosures} aria-labelledby="sheet-disclosures">
        <h2 id="sheet-disclosures" className={classes.h2}>
          {SHEET_TEXT.disclosures}
        </h2>
        {sheet.disclosures.map((text) => (
          <p key={text}>{text}</p>
        ))}
      </section>
      <section className={classes.signatures} aria-label={SHEET_TEXT.signatures}>
        {sheet.signatures.map((label) => (
          <div key={label} className={classes.signature}>
            <span>{label}</span>
            <span>{SHEET_TEXT.signatureDate}</span>
          </div>
        ))}
      </section>
    </article>
  );
}

function GridTable({ table }: { table: SheetTable }) {
  const [head, ...terms] = table.head;
  return (
    <div className={classes.gridBlock}>
      <table className={classes.grid}>
        <caption>{table.title}</caption>
        <thead>
          <tr>
            <th scope="col">{head}</th>
            {terms.map((term) => (
              <th key={term} scope="col">
                {term}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map(([down, ...cells], row) => (
            <tr key={down}>
              <th scope="row">{down}</th>
              {cells.map((cell, col) => {
                const chosen = table.selected?.[0] === row && table.selected?.[1] === col + 1;
                return (
                  <td
                    key={terms[col]}
                    className={chosen ? classes.chosen : undefined}
                    aria-current={chosen || undefined}
                  >
                    {cell}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      {table.notes.map((note) => (
        <p key={note} className={`${classes.small} dd-secondary-text`}>
          {note}
        </p>
      ))}
    </div>
  );
}
