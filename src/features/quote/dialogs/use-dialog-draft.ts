import { useEffect, useState } from "react";
import { useUnsavedChanges } from "@/lib/unsaved-changes";

/** A dialog's fields as the inputs hold them. */
type Fields<V> = { [K in keyof V]: string | boolean };

interface Draft<V extends Fields<V>> {
  /** The document's value each field last took in (at opening, or from a remote change). */
  adopted: V;
  /** What the dialog shows. */
  values: V;
  /** A field the dialog shows was changed by the other side while it was open. */
  updatedRemotely: boolean;
}

const fieldsOf = <V extends Fields<V>>(value: V) => Object.keys(value) as (keyof V)[];
const sameFields = <V extends Fields<V>>(a: V, b: V) => fieldsOf(a).every((key) => a[key] === b[key]);

/**
 * A dialog's fields over a live value (`source`, the document's current value in the dialog's
 * terms). A field the user has not changed follows the document when the other side edits it;
 * one the user changed keeps the user's value. `changes()` is the document's current value with
 * only the fields the user changed, so Save never writes back a stale value.
 */
export function useDialogDraft<V extends Fields<V>>(source: V) {
  const [draft, setDraft] = useState<Draft<V>>(() => ({
    adopted: source,
    values: source,
    updatedRemotely: false,
  }));

  const sourceKey = JSON.stringify(source);
  // biome-ignore lint/correctness/useExhaustiveDependencies: sourceKey stands for source.
  useEffect(() => {
    setDraft((current) => {
      if (sameFields(current.adopted, source)) return current;
      const values = { ...current.values };
      for (const key of fieldsOf(source)) {
        const untouched = current.values[key] === current.adopted[key];
        if (untouched) values[key] = source[key];
      }
      return { adopted: source, values, updatedRemotely: true };
    });
  }, [sourceKey]);

  const set = <K extends keyof V>(field: K, value: V[K]) =>
    setDraft((current) => ({ ...current, values: { ...current.values, [field]: value } }));

  /** The fields the user changed, over the document's current value. */
  const changes = (): V => {
    const merged = { ...source };
    for (const key of fieldsOf(source)) {
      if (draft.values[key] !== draft.adopted[key]) merged[key] = draft.values[key];
    }
    return merged;
  };

  /** True while the user has typed something not saved (issue #34: a reload or a link asks first). */
  const dirty = fieldsOf(source).some((key) => draft.values[key] !== draft.adopted[key]);
  useUnsavedChanges(dirty);

  return { values: draft.values, set, changes, dirty, updatedRemotely: draft.updatedRemotely };
}
