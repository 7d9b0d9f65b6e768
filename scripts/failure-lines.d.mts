export function failureLines(output: string, max?: number): string[];
