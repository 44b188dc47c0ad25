/** Keeps only digits, at most `digits` of them: `a1b2-345` typed into a 4-digit mask is `1234`. */
export function maskDigits(raw: string, digits: number): string {
  return raw.replace(/\D/g, '').slice(0, digits);
}
