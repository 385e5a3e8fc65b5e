import { InterestRatesEditor } from "./defaults/interest-rates-editor";

export default function Page() {
  return <InterestRatesEditor />;
}
