/**
 * The order minimum (design.md 7.11): a customer type's `MinimumCases` (0, the default, is
 * none), and an order's cases in all, the sum over its lines of
 * `CaseQuantity + UnitQuantity / UnitsPerCase`. POST Order applies it through `validateOrder`,
 * PUT Order (7.10) will too, and step 2 of the form shows the cases still missing.
 *
 * Cases in all are kept as an exact fraction: 11.96 must never pass for 12, nor 12 for
 * 11.999... after a float sum of thirds (decision 050).
 */

export const MINIMUM_CASES_MAX = 999;
export const minimumCasesMessage = `Minimum Cases must be a whole number from 0 to ${MINIMUM_CASES_MAX} (0 is none)`;

/** A line as the minimum counts it (the order's normalized line, or the form's draft line). */
export interface MinimumLine {
  CaseQuantity: number;
  UnitQuantity: number;
  UnitsPerCase: number;
  IsCaseOnly: boolean;
}

/** A non-negative fraction, numerator over denominator (denominator above 0). */
export interface Cases {
  num: bigint;
  den: bigint;
}

const gcd = (a: bigint, b: bigint): bigint => {
  while (b !== 0n) [a, b] = [b, a % b];
  return a;
};

/**
 * An order's cases in all. A line counts its units only when it delivers them, as its total
 * units do (spec section 3, `totalUnits`): no cases ordered, not a case-only product, a case
 * of at least one unit. Units typed beside cases are ignored by the order, so by the minimum.
 */
export function casesInAll(lines: readonly MinimumLine[]): Cases {
  let num = 0n;
  let den = 1n;
  for (const line of lines) {
    const cases = Math.max(0, Math.floor(line.CaseQuantity));
    if (cases > 0) {
      num += BigInt(cases) * den;
      continue;
    }
    const units = Math.max(0, Math.floor(line.UnitQuantity));
    const perCase = Math.floor(line.UnitsPerCase);
    if (line.IsCaseOnly || units === 0 || perCase < 1) continue;
    // num/den + units/perCase, reduced so the denominator stays the units per case's lcm.
    const k = BigInt(perCase);
    num = num * k + BigInt(units) * den;
    den *= k;
    const g = gcd(num, den);
    num /= g;
    den /= g;
  }
  return { num, den };
}

/** Tenths of a case, rounded down (so 11.96 is 119) or up. */
function tenths(cases: Cases, round: 'down' | 'up'): bigint {
  const scaled = cases.num * 10n;
  const whole = scaled / cases.den;
  return round === 'up' && whole * cases.den < scaled ? whole + 1n : whole;
}

/**
 * Cases to one decimal, rounded down: 2.5, 11.9 for 11.96 (never "12.0" for an order below a
 * minimum of 12), 12.0 for exactly 12.
 */
export function casesToOneDecimal(cases: Cases): string {
  const t = tenths(cases, 'down');
  return `${t / 10n}.${t % 10n}`;
}

/** True when the order has at least `minimum` cases in all; a minimum of 0 is none. */
export function meetsMinimum(cases: Cases, minimum: number): boolean {
  return minimum <= 0 || cases.num >= BigInt(minimum) * cases.den;
}

/**
 * POST Order's and PUT Order's refusal (design.md 7.11): `m` to one decimal, rounded down, and
 * whole cases as a whole number ("this one has 5", not "5.0": issue 33; decision 062).
 */
export function belowMinimumMessage(minimum: number, cases: Cases): string {
  return `Orders need at least ${minimum} ${minimum === 1 ? 'case' : 'cases'}; this one has ${casesText(cases)}`;
}

/** Cases as a message says them: whole cases as a whole number, else to one decimal rounded down. */
export function casesText(cases: Cases): string {
  return cases.num % cases.den === 0n ? String(cases.num / cases.den) : casesToOneDecimal(cases);
}

/** The refusal for these lines under `minimum`, or null when the order meets it (or there is none). */
export function minimumCasesError(lines: readonly MinimumLine[], minimum: number): string | null {
  if (minimum <= 0) return null;
  const cases = casesInAll(lines);
  return meetsMinimum(cases, minimum) ? null : belowMinimumMessage(minimum, cases);
}

/**
 * The cases still missing to reach `minimum`, for step 2's summary: a whole number when the
 * gap is whole ("3"), else to one decimal rounded up ("0.5", and "0.1" for 0.04: never "0.0"
 * while a case is missing). Null when nothing is missing.
 */
export function missingCases(cases: Cases, minimum: number): string | null {
  if (meetsMinimum(cases, minimum)) return null;
  const gap: Cases = { num: BigInt(minimum) * cases.den - cases.num, den: cases.den };
  if (gap.num % gap.den === 0n) return String(gap.num / gap.den);
  const t = tenths(gap, 'up');
  return t % 10n === 0n ? String(t / 10n) : `${t / 10n}.${t % 10n}`;
}
