import { Button, Paper, Stack, Text, Title } from "@mantine/core";
import { mayWriteDefaults } from "@shared/rules/permissions";
import { emptyListMessage, logInToViewMessage, QUOTE_DEFAULTS_TEXT } from "@shared/text/dealer-messages";
import { MSG } from "@shared/text/messages";
import { TEXT } from "@shared/text/page-text";
import { IconPlus } from "@tabler/icons-react";
import { useId, useState } from "react";
import { BannerNotice, Notice } from "@/components/notice";
import { PageLoader } from "@/components/page-loader";
import { usePageTitle } from "@/lib/page-title";
import { useSession } from "@/lib/session";
import classes from "./defaults.module.css";
import { DeleteItemDialog } from "./delete-item-dialog";
import { ItemForm } from "./item-form";
import { ItemPaper, ItemRow } from "./item-row";
import type { DefaultListConfig, FormValues } from "./list-configs";
import { useDefaultList } from "./use-default-list";
import { useFocusAfterRender } from "./use-focus-after-render";

/** One settings page for any of the four default lists (spec §2 "Settings pages"). */
export function DefaultListEditor<Item extends { id: string }, V extends FormValues>({
  config,
}: {
  config: DefaultListConfig<Item, V>;
}) {
  const { user } = useSession();
  const list = useDefaultList(config, user !== null);
  const [adding, setAdding] = useState(false);
  const [editingId, setEditingId] = useState<string | null>(null);
  const [deleteTarget, setDeleteTarget] = useState<Item | null>(null);
  const [deleteOpen, setDeleteOpen] = useState(false);
  const addCardId = useId();
  const focusLater = useFocusAfterRender();
  usePageTitle(config.title);

  if (!user) return <Text>{logInToViewMessage(config.kind)}</Text>;
  // A salesperson reads the dealership's defaults; the server refuses their writes (403) anyway.
  const editable = mayWriteDefaults(user);

  // Issue #38: a salesperson reads the list without what is the owners' and managers' (costs).
  const rowDetail = (item: Item) =>
    [config.itemDetail(item), editable ? (config.ownerDetail?.(item) ?? "") : ""]
      .filter((part) => part !== "")
      .join(" · ");

  const stopEditing = (id: string) => {
    setEditingId(null);
    focusLater(`edit-${id}`);
  };

  const confirmDelete = async () => {
    if (!deleteTarget) return;
    // Spec §8: fee deletes ask the browser as well, after the dialog.
    if (config.browserConfirm !== undefined && !window.confirm(config.browserConfirm)) return;
    await list.remove(deleteTarget.id);
    // Closed on failure too, so the error banner behind it is seen.
    setDeleteOpen(false);
    focusLater(`${addCardId}-toggle`);
  };

  const onInvalid = (values: V) => {
    const summary = config.summary(values);
    if (summary !== undefined) list.setBanner({ tone: "error", text: summary });
  };

  return (
    <Stack gap="md" className={classes.page}>
      <Title order={2}>{config.title}</Title>
      <BannerNotice banner={list.banner} onClose={() => list.setBanner(null)} />
      {!editable && (
        <Notice tone="info" data-testid="defaults-read-only">
          {MSG.defaultsReadOnly}
        </Notice>
      )}
      {editable && (
        <div>
          <Button
            id={`${addCardId}-toggle`}
            leftSection={<IconPlus size={18} aria-hidden="true" />}
            onClick={() => setAdding((open) => !open)}
            aria-expanded={adding}
            aria-controls={addCardId}
            disabled={list.status !== "ready"}
          >
            {QUOTE_DEFAULTS_TEXT.addNew}
          </Button>
        </div>
      )}
      {editable && adding && (
        <Paper id={addCardId} withBorder p="md" radius="sm">
          <Text fw={600} mb="xs">
            New {config.noun}
          </Text>
          <ItemForm
            label={`New ${config.noun}`}
            variant="add"
            fields={config.fields}
            initialValues={config.emptyValues}
            validate={config.validate}
            onInvalid={onInvalid}
            onSubmit={async (values) => {
              const saved = await list.create(values);
              if (saved) {
                setAdding(false);
                focusLater(`${addCardId}-toggle`);
              }
              return saved;
            }}
            onCancel={() => {
              setAdding(false);
              focusLater(`${addCardId}-toggle`);
            }}
          />
        </Paper>
      )}

      {list.status === "loading" && <PageLoader />}
      {list.status === "failed" && (
        <div>
          <Button variant="default" onClick={() => void list.load()}>
            {TEXT.tryAgain}
          </Button>
        </div>
      )}
      {/* "Click Add new" is wrong while the new-item form is open (#51). */}
      {list.status === "ready" && list.items.length === 0 && !adding && (
        <Text className="dd-secondary-text">{emptyListMessage(config.kind)}</Text>
      )}
      {list.status === "ready" && list.items.length > 0 && (
        <Stack component="ul" gap="xs" p={0} m={0} aria-label={config.title} style={{ listStyle: "none" }}>
          {list.items.map((item) => (
            <ItemPaper key={item.id}>
              {editingId === item.id ? (
                <ItemForm
                  label={`Edit ${config.itemName(item)}`}
                  variant="edit"
                  fields={config.fields}
                  initialValues={config.toValues(item)}
                  validate={config.validate}
                  onInvalid={onInvalid}
                  onSubmit={async (values) => {
                    const saved = await list.update(item.id, values);
                    if (saved) stopEditing(item.id);
                    return saved;
                  }}
                  onCancel={() => stopEditing(item.id)}
                />
              ) : (
                <ItemRow
                  id={item.id}
                  name={config.itemName(item)}
                  detail={rowDetail(item)}
                  figure={config.itemFigure(item)}
                  editable={editable}
                  onEdit={() => setEditingId(item.id)}
                  onDelete={() => {
                    setDeleteTarget(item);
                    setDeleteOpen(true);
                  }}
                />
              )}
            </ItemPaper>
          ))}
        </Stack>
      )}

      <DeleteItemDialog
        opened={deleteOpen}
        name={deleteTarget ? config.itemName(deleteTarget) : ""}
        title={`Delete ${config.noun}`}
        onConfirm={confirmDelete}
        onClose={() => setDeleteOpen(false)}
      />
    </Stack>
  );
}
