/**
 * A customer number as the spec's masks show it and customers type it: 4 digits, so 99 is
 * '0099' in the top bar, the lists and the messages alike (issue 17, item 5). A longer number
 * (a sign-in attempt) is shown as it is. A module of its own, with no imports, so the
 * customer's top bar takes nothing else with it.
 */
export function formatCompanyId(companyId: number | string): string {
  return String(companyId).padStart(4, '0');
}
