/** '1 order', '3 orders': counts in the messages that explain a refusal. */
export const plural = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;
