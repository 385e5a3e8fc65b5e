import { crudMessage } from "@shared/text/dealer-messages";
import { useCallback, useEffect, useState } from "react";
import { errorText } from "@/lib/api";
import { useBanner } from "@/lib/use-banner";
import { createItem, deleteItem, fetchItems, updateItem } from "./defaults-api";
import type { DefaultListConfig, FormValues } from "./list-configs";

/** The list, its loading state and the page's one banner; every change goes to the server first. */
export function useDefaultList<Item extends { id: string }, V extends FormValues>(
  config: DefaultListConfig<Item, V>,
  enabled: boolean,
) {
  const [items, setItems] = useState<Item[]>([]);
  const [status, setStatus] = useState<"loading" | "ready" | "failed">("loading");
  const [banner, setBanner] = useBanner();

  const load = useCallback(async () => {
    setStatus("loading");
    try {
      setItems(await fetchItems<Item>(config));
      setStatus("ready");
    } catch (error) {
      setStatus("failed");
      setBanner({ tone: "error", text: errorText(error, crudMessage(config.kind, "loadFailed")) });
    }
  }, [config, setBanner]);

  useEffect(() => {
    if (enabled) void load();
  }, [enabled, load]);

  /** Each action answers whether it worked, so the form knows to close. */
  const create = async (values: V): Promise<boolean> => {
    try {
      const item = await createItem<Item>(config, config.toBody(values));
      setItems((current) => [...current, item]);
      setBanner({ tone: "success", text: crudMessage(config.kind, "created") });
      return true;
    } catch (error) {
      setBanner({ tone: "error", text: errorText(error, crudMessage(config.kind, "createFailed")) });
      return false;
    }
  };

  const update = async (id: string, values: V): Promise<boolean> => {
    try {
      const item = await updateItem<Item>(config, id, config.toBody(values));
      setItems((current) => current.map((existing) => (existing.id === id ? item : existing)));
      setBanner({ tone: "success", text: crudMessage(config.kind, "updated") });
      return true;
    } catch (error) {
      setBanner({ tone: "error", text: errorText(error, crudMessage(config.kind, "updateFailed")) });
      return false;
    }
  };

  const remove = async (id: string): Promise<boolean> => {
    try {
      await deleteItem(config, id);
      setItems((current) => current.filter((existing) => existing.id !== id));
      setBanner({ tone: "success", text: crudMessage(config.kind, "deleted") });
      return true;
    } catch (error) {
      setBanner({ tone: "error", text: errorText(error, crudMessage(config.kind, "deleteFailed")) });
      return false;
    }
  };

  return { items, status, banner, setBanner, load, create, update, remove };
}
