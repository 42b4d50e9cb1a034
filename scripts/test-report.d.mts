// Types of test-report.mjs (plain JavaScript: run-tests.mjs runs it with node alone).
export interface FileTime { file: string; project?: string; seconds: number }
export interface Phase { phase: string; seconds: number }
export function slowestVitestFiles(files: readonly FileTime[]): FileTime[];
export function slowestPlaywrightFiles(report: unknown): FileTime[];
export function formatReport(phases: readonly Phase[], slowest: Record<string, readonly FileTime[]>): string;
