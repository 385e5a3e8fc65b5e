// Types for scripts/folder-cycles.mjs, which lint runs with plain node.
import type { ICruiseResult, IFlattenedRuleSet, IModule } from "dependency-cruiser";

export const RULE: "no-folder-circle";
export type FolderCircle = { folders: string[]; edges: { edge: string; imports: string[] }[] };
export function folderEdges(modules: IModule[], exceptions?: string[]): Map<string, string[]>;
export function folderCircles(modules: IModule[], exceptions?: string[]): FolderCircle[];
export function cruiseTree(baseDir?: string, ruleSet?: IFlattenedRuleSet): Promise<ICruiseResult>;
export function describe(circles: FolderCircle[]): string;
