import { DefaultListEditor } from "./defaults/default-list-editor";
import { governmentFeesConfig } from "./defaults/list-configs";

export default function Page() {
  return <DefaultListEditor config={governmentFeesConfig} />;
}
