// Issue #50: reads VIN barcodes (Code 39 on door jambs, Data Matrix on windshields) from a video
// frame. The browser's own BarcodeDetector where it reads those formats; else the ZXing
// WebAssembly polyfill (barcode-detector), whose .wasm is served from our own build: never the
// CDN the package defaults to, since a self-hosted desk calls out nowhere. This module is only
// ever imported when Scan VIN is pressed.

import { prepareZXingModule, BarcodeDetector as ZXingDetector } from "barcode-detector/ponyfill";
import zxingReaderWasm from "zxing-wasm/reader/zxing_reader.wasm?url";

const FORMATS = ["code_39", "data_matrix"] as const;

type BarcodeReader = { detect(frame: HTMLVideoElement): Promise<string[]> };

type NativeDetector = {
  detect(frame: HTMLVideoElement): Promise<{ rawValue: string }[]>;
};
type NativeDetectorClass = {
  new (options: { formats: readonly string[] }): NativeDetector;
  getSupportedFormats(): Promise<string[]>;
};

async function nativeDetector(): Promise<NativeDetector | null> {
  const Native = (globalThis as { BarcodeDetector?: NativeDetectorClass }).BarcodeDetector;
  if (!Native) return null;
  try {
    const supported = await Native.getSupportedFormats();
    return FORMATS.every((format) => supported.includes(format)) ? new Native({ formats: FORMATS }) : null;
  } catch {
    return null;
  }
}

export async function createBarcodeReader(): Promise<BarcodeReader> {
  const detector =
    (await nativeDetector()) ??
    (() => {
      prepareZXingModule({
        overrides: {
          locateFile: (path: string, prefix: string) =>
            path.endsWith(".wasm") ? zxingReaderWasm : prefix + path,
        },
      });
      return new ZXingDetector({ formats: [...FORMATS] });
    })();
  return {
    async detect(frame) {
      return (await detector.detect(frame)).map((barcode) => barcode.rawValue);
    },
  };
}
