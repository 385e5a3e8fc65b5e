import { writeFileSync } from "node:fs";

// Issue #50's fake camera: a VIN as a Code 39 barcode (the door jamb's symbology), drawn into a
// Y4M video file that Chromium plays as its camera (--use-file-for-fake-video-capture). Code 39
// is plain bars: each character is 9 elements, bar and space by turns, 3 of them wide; Y4M is a
// text header and the raw Y, U and V planes of each frame. No binary fixture, no ffmpeg.

// biome-ignore format: the symbology's table reads best one character a line
const CODE_39: Record<string, string> = {
  "0": "nnnwwnwnn", "1": "wnnwnnnnw", "2": "nnwwnnnnw", "3": "wnwwnnnnn", "4": "nnnwwnnnw",
  "5": "wnnwwnnnn", "6": "nnwwwnnnn", "7": "nnnwnnwnw", "8": "wnnwnnwnn", "9": "nnwwnnwnn",
  A: "wnnnnwnnw", B: "nnwnnwnnw", C: "wnwnnwnnn", D: "nnnnwwnnw", E: "wnnnwwnnn",
  F: "nnwnwwnnn", G: "nnnnnwwnw", H: "wnnnnwwnn", I: "nnwnnwwnn", J: "nnnnwwwnn",
  K: "wnnnnnnww", L: "nnwnnnnww", M: "wnwnnnnwn", N: "nnnnwnnww", O: "wnnnwnnwn",
  P: "nnwnwnnwn", Q: "nnnnnnwww", R: "wnnnnnwwn", S: "nnwnnnwwn", T: "nnnnwnwwn",
  U: "wwnnnnnnw", V: "nwwnnnnnw", W: "wwwnnnnnn", X: "nwnnwnnnw", Y: "wwnnwnnnn",
  Z: "nwwnwnnnn", "*": "nwnnwnwnn",
};

/** The modules of the barcode, true for a bar: *VIN* with narrow gaps between characters. */
export function code39Modules(text: string, narrow = 2, wide = 5): boolean[] {
  const modules: boolean[] = [];
  for (const [index, char] of [..."*", ...text, ..."*"].entries()) {
    const pattern = CODE_39[char];
    if (!pattern) throw new Error(`Code 39 has no ${char}`);
    if (index > 0) modules.push(...Array<boolean>(narrow).fill(false));
    for (const [element, width] of [...pattern].entries())
      modules.push(...Array<boolean>(width === "w" ? wide : narrow).fill(element % 2 === 0));
  }
  return modules;
}

/** A grey-scale picture (0 black, 255 white) of the barcode centred on white, `width` × `height`. */
export function barcodeLuma(text: string, width: number, height: number): Uint8Array {
  const modules = code39Modules(text);
  const luma = new Uint8Array(width * height).fill(255);
  const left = Math.floor((width - modules.length) / 2);
  if (left < 20) throw new Error("The barcode does not fit the frame with its quiet zones");
  const top = Math.floor(height * 0.3);
  const bottom = Math.floor(height * 0.7);
  for (let y = top; y < bottom; y++)
    modules.forEach((bar, x) => {
      if (bar) luma[y * width + left + x] = 0;
    });
  return luma;
}

/** Writes a Y4M file of `frames` identical frames showing the VIN's Code 39 barcode. */
export function writeVinVideo(file: string, vin: string, width = 640, height = 480, frames = 4): void {
  const luma = barcodeLuma(vin, width, height);
  const chroma = new Uint8Array((width / 2) * (height / 2)).fill(128);
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`);
  const frame = [Buffer.from("FRAME\n"), Buffer.from(luma), Buffer.from(chroma), Buffer.from(chroma)];
  writeFileSync(file, Buffer.concat([header, ...Array.from({ length: frames }, () => frame).flat()]));
}
