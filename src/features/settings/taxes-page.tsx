import { DefaultListEditor } from "./defaults/default-list-editor";
import { taxesConfig } from "./defaults/list-configs";

export default function Page() {
  return <DefaultListEditor config={taxesConfig} />;
}
