// Types of scripts/fixed-sleeps.mjs (a plain ESM script, also run by node directly).
export declare const MAX_EXCEPTIONS: number;
export declare const TEST_FILE: RegExp;
export interface FixedSleep {
  line: number;
  rule: string;
  text: string;
  allowed: boolean;
}
export declare function findFixedSleeps(source: string): FixedSleep[];
