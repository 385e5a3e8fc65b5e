import { DefaultListEditor } from "./defaults/default-list-editor";
import { dealerFeesConfig } from "./defaults/list-configs";

export default function Page() {
  return <DefaultListEditor config={dealerFeesConfig} />;
}
