export function failureLines(output: string, max?: number): string[];
export function oneLine(text: unknown): string;
