import type { FormErrors } from '@mantine/form';
import { type $ZodType, safeParse } from 'zod/v4/core';

/**
 * Adapts a domain zod schema to @mantine/form's `validate` (style.md habit 1: one schema for
 * route, form and type). The first message per field wins; nested paths are joined with dots,
 * which is how @mantine/form names nested fields. It takes any zod schema, classic or "mini"
 * (the login forms use zod/mini to stay small), through zod's core `safeParse`.
 */
export function zodValidate<Values>(schema: $ZodType): (values: Values) => FormErrors {
  return (values) => {
    const result = safeParse(schema, values);
    if (result.success) return {};
    const errors: FormErrors = {};
    for (const issue of result.error.issues) {
      const path = issue.path.map(String).join('.');
      if (!(path in errors)) errors[path] = issue.message;
    }
    return errors;
  };
}
