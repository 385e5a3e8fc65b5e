import {
  Badge,
  Button,
  Checkbox,
  Code,
  Group,
  Modal,
  Paper,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { mayWriteDefaults } from "@shared/rules/permissions";
import {
  type HandoffEndpoint,
  type IntegrationsResponse,
  INTEGRATIONS_TEXT as T,
  type WebhookEventType,
} from "@shared/schemas/handoff";
import { TEXT } from "@shared/text/page-text";
import { useCallback, useEffect, useState } from "react";
import { BannerNotice, Notice } from "@/components/notice";
import { PageLoader } from "@/components/page-loader";
import { ApiError, errorText } from "@/lib/api";
import { usePageTitle } from "@/lib/page-title";
import { useSession } from "@/lib/session";
import type { Banner } from "@/lib/use-banner";
import { DeliveryLog } from "./integrations/delivery-log";
import {
  changeWebhook,
  createWebhook,
  deleteWebhook,
  type EndpointBody,
  loadIntegrations,
  saveLeadAddress,
  sendTestEvent,
  sendTestLead,
} from "./integrations/integrations-api";

// Settings → Integrations (issue #39): the CRM lead address and the webhook endpoints, each with
// its delivery log, Resend, Send test lead / Send test event. Owners and managers only.

export default function IntegrationsPage() {
  usePageTitle(T.title);
  const { user } = useSession();
  const allowed = user !== null && mayWriteDefaults(user);
  const [data, setData] = useState<IntegrationsResponse | null>(null);
  const [failed, setFailed] = useState(false);
  const [banner, setBanner] = useState<Banner | null>(null);
  const [logVersion, setLogVersion] = useState(0);

  const load = useCallback(() => {
    setFailed(false);
    loadIntegrations()
      .then(setData)
      .catch(() => setFailed(true));
  }, []);
  useEffect(() => {
    if (allowed) load();
  }, [allowed, load]);

  /** Runs a call, reports it in the banner (its own words, or the answer's), reloads. */
  const act: Act = async (call, success, fallback = T.actionFailed) => {
    setBanner(null);
    try {
      const answer = await call();
      setBanner(typeof success === "string" ? { tone: "success", text: success } : success(answer));
      setLogVersion((n) => n + 1);
      load();
      return true;
    } catch (error) {
      setBanner({ tone: "error", text: errorText(error, fallback) });
      return false;
    }
  };

  if (!user) return null;
  return (
    <Stack gap="md">
      <Title order={2}>{T.title}</Title>
      <Text className="dd-secondary-text">{T.intro}</Text>
      <BannerNotice banner={banner} onClose={() => setBanner(null)} />
      {!allowed ? (
        <Notice tone="info">{T.ownersOnly}</Notice>
      ) : failed ? (
        <div>
          <Text mb="sm">{T.loadFailed}</Text>
          <Button variant="default" onClick={load}>
            {TEXT.tryAgain}
          </Button>
        </div>
      ) : data === null ? (
        <PageLoader />
      ) : (
        <>
          <LeadAddress lead={data.leadAddress} act={act} logVersion={logVersion} />
          <Webhooks data={data} act={act} logVersion={logVersion} />
        </>
      )}
    </Stack>
  );
}

/** Dark enough for white text (WCAG AA), as the dashboard's Accepted badge. */
const ENABLED_COLOR = "#1e6b30";

type Act = <R>(
  call: () => Promise<R>,
  success: string | ((answer: R) => Banner),
  fallback?: string,
) => Promise<boolean>;

/** A test lead's outcome as a banner: only "sent" is a success; the outbox is a warning, a failure an error. */
const TEST_LEAD_TONES = { sent: "success", outbox: "warning", failed: "error", queued: "info" } as const;

function LeadAddress({
  lead,
  act,
  logVersion,
}: {
  lead: HandoffEndpoint | null;
  act: Act;
  logVersion: number;
}) {
  const [address, setAddress] = useState(lead?.url ?? "");
  const [showLog, setShowLog] = useState(false);
  const [testing, setTesting] = useState(false);
  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="sm">
        <Title order={3}>{T.leadTitle}</Title>
        <Text size="sm" className="dd-secondary-text">
          {T.leadHelp}
        </Text>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void act(
              () => saveLeadAddress(address),
              address.trim() === "" ? T.leadRemoved : T.leadSaved,
              T.leadSaveFailed,
            );
          }}
        >
          <Group align="flex-end" gap="sm">
            <TextInput
              label={T.leadLabel}
              type="email"
              placeholder="leads@crm.example.com"
              value={address}
              onChange={(event) => setAddress(event.currentTarget.value)}
              style={{ flex: 1, minWidth: 220 }}
            />
            <Button type="submit" disabled={address.trim() === (lead?.url ?? "")}>
              {T.save}
            </Button>
            <Button
              variant="default"
              disabled={!lead}
              loading={testing}
              onClick={async () => {
                // The server answers once the first try has ended (up to 15 s), so the button waits too.
                setTesting(true);
                await act(
                  () => sendTestLead(),
                  (result) => ({ tone: TEST_LEAD_TONES[result.outcome], text: result.message }),
                );
                setTesting(false);
              }}
            >
              {T.sendTestLead}
            </Button>
          </Group>
        </form>
        {lead && <EndpointState endpoint={lead} />}
        {lead && (
          <div>
            <Button variant="subtle" size="xs" onClick={() => setShowLog((v) => !v)} aria-expanded={showLog}>
              {showLog ? T.hideLog : T.showLog}
            </Button>
            {showLog && <DeliveryLog endpointId={lead.id} refreshKey={logVersion} onResent={() => {}} />}
          </div>
        )}
      </Stack>
    </Paper>
  );
}

function EndpointState({ endpoint }: { endpoint: HandoffEndpoint }) {
  return (
    <Group gap="xs">
      <Badge color={endpoint.enabled ? ENABLED_COLOR : "gray.7"} variant="filled">
        {endpoint.enabled ? T.enabled : T.disabled}
      </Badge>
      {endpoint.failingSince && (
        <Badge color="red.9" variant="filled">
          {T.failing(new Date(endpoint.failingSince).toLocaleString())}
        </Badge>
      )}
    </Group>
  );
}

function Webhooks({ data, act, logVersion }: { data: IntegrationsResponse; act: Act; logVersion: number }) {
  const [adding, setAdding] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={3}>{T.webhooksTitle}</Title>
          {!adding && <Button onClick={() => setAdding(true)}>{T.addEndpoint}</Button>}
        </Group>
        <Text size="sm" className="dd-secondary-text">
          {T.webhooksHelp}
        </Text>
        {adding && (
          <EndpointForm
            eventTypes={data.eventTypes}
            onCancel={() => setAdding(false)}
            onCreate={async (body) => {
              // A refusal is the form's to show, at its field: act() would put it at the top of the page.
              const created = await createWebhook(body);
              setAdding(false);
              setSecret(created.secret);
              await act(async () => undefined, T.endpointSaved);
            }}
          />
        )}
        {data.webhooks.length === 0 && !adding && <Text size="sm">{T.noWebhooks}</Text>}
        {data.webhooks.map((endpoint) => (
          <WebhookRow key={endpoint.id} endpoint={endpoint} act={act} logVersion={logVersion} />
        ))}
      </Stack>
      <Modal
        opened={secret !== null}
        onClose={() => setSecret(null)}
        title={T.secretTitle}
        centered
        closeButtonProps={{ "aria-label": TEXT.close }}
      >
        <Stack gap="sm">
          <Text size="sm">{T.secretOnce}</Text>
          <Code block data-testid="webhook-secret">
            {secret}
          </Code>
          <Group justify="flex-end">
            <Button onClick={() => setSecret(null)}>{T.secretDone}</Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}

function EndpointForm(props: {
  eventTypes: IntegrationsResponse["eventTypes"];
  onCancel(): void;
  onCreate(body: EndpointBody): Promise<void>;
}) {
  const [url, setUrl] = useState("https://");
  const [events, setEvents] = useState<WebhookEventType[]>(["quote.accepted"]);
  const [includeGross, setIncludeGross] = useState(false);
  const [busy, setBusy] = useState(false);
  const [urlError, setUrlError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  return (
    <form
      onSubmit={async (event) => {
        event.preventDefault();
        setBusy(true);
        setUrlError(null);
        setFormError(null);
        try {
          await props.onCreate({ url, events, includeGross });
        } catch (error) {
          const text = errorText(error, T.actionFailed);
          const fields = error instanceof ApiError ? (error.body?.errors ?? []) : [];
          if (fields.length === 0 || fields.some((f) => f.field === "url")) setUrlError(text);
          else setFormError(text);
        } finally {
          setBusy(false);
        }
      }}
    >
      <Stack gap="sm">
        <TextInput
          label={T.urlLabel}
          value={url}
          onChange={(e) => {
            setUrl(e.currentTarget.value);
            setUrlError(null);
          }}
          error={urlError}
          required
        />
        <Checkbox.Group
          label={T.eventsLabel}
          value={events}
          onChange={(v) => setEvents(v as WebhookEventType[])}
        >
          <Stack gap={6} mt={6}>
            {props.eventTypes.map(({ type, description }) => (
              <Checkbox key={type} value={type} label={`${type}: ${description}`} />
            ))}
          </Stack>
        </Checkbox.Group>
        <Switch
          label={T.includeGross}
          description={T.includeGrossHelp}
          checked={includeGross}
          onChange={(e) => setIncludeGross(e.currentTarget.checked)}
        />
        {formError && <Notice tone="error">{formError}</Notice>}
        <Group gap="sm">
          <Button type="submit" loading={busy}>
            {T.create}
          </Button>
          <Button variant="default" onClick={props.onCancel}>
            {T.cancel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function WebhookRow({
  endpoint,
  act,
  logVersion,
}: {
  endpoint: HandoffEndpoint;
  act: Act;
  logVersion: number;
}) {
  const [showLog, setShowLog] = useState(false);
  const patch = (body: object) => changeWebhook(endpoint.id, body);
  return (
    <Paper withBorder radius="sm" p="md" data-testid="webhook-endpoint">
      <Stack gap="xs">
        <Text fw={600} style={{ wordBreak: "break-all" }}>
          {endpoint.url}
        </Text>
        <Text size="sm" className="dd-secondary-text">
          {endpoint.events.join(", ")}
          {endpoint.includeGross ? ` · ${T.includeGross}` : ""}
        </Text>
        <EndpointState endpoint={endpoint} />
        <Group gap="xs">
          <Button
            size="xs"
            variant="default"
            disabled={!endpoint.enabled}
            onClick={() => act(() => sendTestEvent(endpoint.id), T.testEventSent)}
          >
            {T.sendTestEvent}
          </Button>
          <Button
            size="xs"
            variant="default"
            onClick={() => act(() => patch({ enabled: !endpoint.enabled }), T.endpointSaved)}
          >
            {endpoint.enabled ? T.disable : T.enable}
          </Button>
          <Button
            size="xs"
            variant="default"
            color="red"
            onClick={() => act(() => deleteWebhook(endpoint.id), T.endpointDeleted)}
          >
            {T.remove}
          </Button>
          <Button size="xs" variant="subtle" onClick={() => setShowLog((v) => !v)} aria-expanded={showLog}>
            {showLog ? T.hideLog : T.showLog}
          </Button>
        </Group>
        {showLog && <DeliveryLog endpointId={endpoint.id} refreshKey={logVersion} onResent={() => {}} />}
      </Stack>
    </Paper>
  );
}
