/** Quantities on order lines and the worksheet (spec sections 3 and 5). */

export interface TotalUnitsInput {
  unitsPerCase: number;
  caseQuantity: number;
  unitQuantity: number;
  isCaseOnly: boolean;
}

/** The quantities of an order line, in the API's PascalCase; other fields ride along untouched. */
export interface OrderLineQuantities {
  CaseQuantity: number;
  UnitQuantity: number;
  IsCaseOnly: boolean;
}

/**
 * Units a line delivers: whole cases when the product is sold by the case only or cases
 * were ordered, loose units otherwise (the spec's derived value; a line is never both).
 */
export function totalUnits({
  unitsPerCase,
  caseQuantity,
  unitQuantity,
  isCaseOnly,
}: TotalUnitsInput): number {
  return isCaseOnly || caseQuantity > 0 ? unitsPerCase * caseQuantity : unitQuantity;
}

/**
 * A quantity as the order keeps it: a whole number of cases or units, never negative.
 * Negative numbers become 0 (spec section 5); NaN and infinities are not quantities either,
 * and a fraction of a case cannot be shipped, so it is cut to the whole cases below it.
 */
export function normalizeQuantity(n: number | null | undefined): number {
  if (typeof n !== 'number' || !Number.isFinite(n) || n <= 0) return 0;
  return Math.floor(n);
}

/**
 * The lines an order is saved with: quantities normalized, loose units cleared on
 * case-only products (they cannot be sold), and lines with nothing left dropped, as the
 * spec keeps only lines with CaseQuantity or UnitQuantity above 0.
 */
export function normalizeOrderLines<T extends OrderLineQuantities>(lines: readonly T[]): T[] {
  const kept: T[] = [];
  for (const line of lines) {
    const CaseQuantity = normalizeQuantity(line.CaseQuantity);
    const UnitQuantity = line.IsCaseOnly ? 0 : normalizeQuantity(line.UnitQuantity);
    if (CaseQuantity > 0 || UnitQuantity > 0) kept.push({ ...line, CaseQuantity, UnitQuantity });
  }
  return kept;
}

const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

/**
 * The worksheet's editable Cases cell: a positive whole number, or null (shown empty) for
 * empty, 0, negative or unreadable input (spec section 5).
 */
export function worksheetCases(input: string | number | null | undefined): number | null {
  let n: number;
  if (typeof input === 'number') n = input;
  else if (typeof input === 'string' && DECIMAL.test(input.trim())) n = Number(input.trim());
  else return null;
  const cases = normalizeQuantity(n);
  return cases > 0 ? cases : null;
}

/** The worksheet's Total Units: empty while its Cases cell is empty (the spec's list-shape rule). */
export function worksheetTotalUnits(unitsPerCase: number, cases: number | null): number | null {
  return cases === null ? null : unitsPerCase * cases;
}
