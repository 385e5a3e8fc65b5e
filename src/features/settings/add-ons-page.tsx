import { DefaultListEditor } from "./defaults/default-list-editor";
import { addOnsConfig } from "./defaults/list-configs";

export default function Page() {
  return <DefaultListEditor config={addOnsConfig} />;
}
