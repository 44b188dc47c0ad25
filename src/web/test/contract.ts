import { z } from 'zod';
import { AuditPageSchema } from '../../domain/audit.schema';
import {
  ApiErrorSchema,
  DeviceSessionSchema,
  FooterSchema,
  SessionCustomerSchema,
  SessionSchema,
  SessionUserSchema,
} from '../../domain/auth.schema';
import { BackupFileSchema, BackupTakenSchema } from '../../domain/backups.schema';
import { CustomerListItemSchema, CustomerProductSchema, CustomerSchema } from '../../domain/customer.schema';
import { CustomerTypeListItemSchema, CustomerTypeSchema } from '../../domain/customer-type.schema';
import { DashboardSchema } from '../../domain/dashboard.schema';
import { DeliveryDateSchema, HolidayOrderSchema, HolidaySchema } from '../../domain/delivery-calendar.schema';
import { ImportPreviewSchema, ImportReportSchema } from '../../domain/imports.schema';
import { DisplayMessageSchema, MessageSchema } from '../../domain/message.schema';
import { SavedOrderDraftSchema } from '../../domain/order-draft.schema';
import { OrderGuideSchema, SavedParsSchema } from '../../domain/order-guide.schema';
import {
  CopiedOrderSchema,
  OrderDetailSchema,
  OrderListSchema,
  OrderSaveResponseSchema,
  WorksheetSchema,
} from '../../domain/order-view.schema';
import {
  AuthenticationOptionsSchema,
  PasskeySchema,
  RegistrationOptionsSchema,
} from '../../domain/passkeys.schema';
import { PersonSignedInSchema, SharedSignInSchema, VenuePersonSchema } from '../../domain/people.schema';
import { ProductSchema } from '../../domain/product.schema';
import { QuickOrderSchema } from '../../domain/quick-order.schema';
import {
  RegenerateOrdersResponseSchema,
  ResendOrderMailsResponseSchema,
  WebOrderListItemSchema,
} from '../../domain/regenerate.schema';
import { CustomerRemindersSchema, ReminderSchema, RemindersRunSchema } from '../../domain/reminders';
import { SignInAttacksSchema } from '../../domain/sign-in-attacks.schema';
import { StandingOrderSchema } from '../../domain/standing-orders';
import { UserSchema } from '../../domain/user.schema';

/**
 * The API's answers as the contract (design.md section 7) gives them: the domain's zod schemas
 * that the server's routes declare as their responses. The web tests' fake API answers go
 * through `contractAnswer`, so a fixture that drifts from the contract fails its test.
 */
type Success = z.ZodType | 'empty';
const routes: [method: string, path: RegExp, success: Success, errors?: z.ZodType][] = [
  ['POST', /^Authenticate$/, SessionCustomerSchema],
  ['POST', /^Maint\/Authenticate$/, SessionUserSchema],
  ['POST', /^Logout$/, 'empty'],
  ['GET', /^Session$/, SessionSchema],
  ['GET', /^Sessions$/, z.array(DeviceSessionSchema)],
  // Passkeys (decision 069).
  ['POST', /^Passkey\/Options$/, RegistrationOptionsSchema],
  ['POST', /^Passkey$/, PasskeySchema],
  ['GET', /^Passkeys$/, z.array(PasskeySchema)],
  ['DELETE', /^Passkey\/[\w-]+$/, 'empty'],
  ['POST', /^SignIn\/Passkey\/Options$/, AuthenticationOptionsSchema],
  ['POST', /^SignIn\/Passkey$/, PersonSignedInSchema],
  ['GET', /^SignInAttacks$/, SignInAttacksSchema],
  ['GET', /^Dashboard$/, DashboardSchema],
  ['GET', /^CustomerTypes$/, z.array(CustomerTypeListItemSchema)],
  ['GET', /^CustomerType\/\d+$/, CustomerTypeSchema],
  ['POST', /^CustomerType$/, CustomerTypeSchema],
  ['DELETE', /^CustomerType\/\d+$/, 'empty'],
  ['GET', /^Customers$/, z.array(CustomerListItemSchema)],
  ['GET', /^Customer\/\d+$/, CustomerSchema],
  ['POST', /^Customer$/, CustomerSchema],
  ['DELETE', /^Customer\/\d+$/, 'empty'],
  ['POST', /^Customer\/\d+\/Product$/, CustomerProductSchema],
  ['DELETE', /^Customer\/\d+\/Product\/\d+$/, 'empty'],
  ['GET', /^Orders$/, z.array(WebOrderListItemSchema)],
  ['POST', /^RegenerateOrders$/, RegenerateOrdersResponseSchema],
  ['POST', /^ResendOrderMails$/, ResendOrderMailsResponseSchema],
  ['GET', /^Messages$/, z.array(MessageSchema)],
  ['GET', /^Message\/\d+$/, MessageSchema],
  ['POST', /^Message$/, MessageSchema],
  ['DELETE', /^Message\/\d+$/, 'empty'],
  ['GET', /^DisplayMessages\/\d+$/, z.array(DisplayMessageSchema)],
  ['GET', /^Holidays$/, z.array(HolidaySchema)],
  ['POST', /^Holiday$/, HolidaySchema],
  ['DELETE', /^Holiday\/\d+$/, 'empty'],
  ['GET', /^Holiday\/Orders$/, z.array(HolidayOrderSchema)],
  ['GET', /^Customer\/\d+\/DeliveryDates$/, z.array(DeliveryDateSchema)],
  // A venue's people and its shared sign-in (design.md 8.2).
  ['GET', /^Customer\/\d+\/People$/, z.array(VenuePersonSchema)],
  ['POST', /^Customer\/\d+\/People$/, VenuePersonSchema],
  ['PUT', /^Customer\/\d+\/People\/\d+$/, 'empty'],
  ['DELETE', /^Customer\/\d+\/People\/\d+$/, 'empty'],
  ['PUT', /^Customer\/\d+\/SharedSignIn$/, SharedSignInSchema],
  ['GET', /^Customer\/\d+\/Reminders$/, CustomerRemindersSchema],
  ['PUT', /^Customer\/\d+\/Reminders$/, CustomerRemindersSchema],
  ['POST', /^Reminders\/Run$/, RemindersRunSchema],
  // Backups of the embedded database (design.md 8.8).
  ['POST', /^Backup$/, BackupTakenSchema],
  ['GET', /^Backups$/, z.array(BackupFileSchema)],
  ['GET', /^Reminders$/, z.array(ReminderSchema)],
  ['GET', /^Audit$/, AuditPageSchema],
  // Standing orders (design.md 8.6).
  ['GET', /^Customer\/\d+\/StandingOrders$/, z.array(StandingOrderSchema)],
  ['POST', /^Customer\/\d+\/StandingOrders$/, StandingOrderSchema],
  ['PUT', /^StandingOrder\/\d+$/, StandingOrderSchema],
  ['DELETE', /^StandingOrder\/\d+$/, 'empty'],
  ['POST', /^StandingOrder\/\d+\/Skip$/, StandingOrderSchema],
  ['GET', /^Customer\/\d+\/OrderGuide$/, OrderGuideSchema],
  ['PUT', /^Customer\/\d+\/Pars$/, SavedParsSchema],
  ['POST', /^Customer\/\d+\/QuickOrder$/, QuickOrderSchema],
  ['GET', /^Customer\/\d+\/Draft$/, SavedOrderDraftSchema],
  ['PUT', /^Customer\/\d+\/Draft$/, SavedOrderDraftSchema],
  ['DELETE', /^Customer\/\d+\/Draft$/, 'empty'],
  // A refused order answers its checks in the order's own shape, or the usual error body.
  ['POST', /^Order$/, OrderSaveResponseSchema, OrderSaveResponseSchema.or(ApiErrorSchema)],
  ['GET', /^Order\/\d+$/, OrderDetailSchema],
  // Change and cancel before the cutoff (design.md 7.10): 422 as POST Order, 404 and 409 as errors.
  ['PUT', /^Order\/\d+$/, OrderSaveResponseSchema, OrderSaveResponseSchema.or(ApiErrorSchema)],
  ['POST', /^Order\/\d+\/Cancel$/, OrderSaveResponseSchema],
  ['GET', /^Orders\/\d+$/, OrderListSchema],
  ['GET', /^Order\/\d+\/Last$/, OrderDetailSchema],
  ['POST', /^Order\/Copy$/, CopiedOrderSchema],
  ['GET', /^Order\/\d+\/Worksheet$/, WorksheetSchema],
  ['GET', /^Products$/, z.array(ProductSchema)],
  ['GET', /^Product\/\d+$/, ProductSchema],
  ['POST', /^Product$/, ProductSchema],
  ['DELETE', /^Product\/\d+$/, 'empty'],
  ['GET', /^Footer$/, FooterSchema],
  ['POST', /^Footer$/, FooterSchema],
  ['GET', /^Users$/, z.array(UserSchema)],
  ['GET', /^User\/\d+$/, UserSchema],
  ['POST', /^User$/, UserSchema],
  ['DELETE', /^User\/\d+$/, 'empty'],
  [
    'POST',
    /^(Item|Customer|CustomerItems|OrderHistory|Availability|Price)Import$/,
    z.union([ImportPreviewSchema, ImportReportSchema]),
  ],
];

/** 'Orders/1001', from '/api/v1/Orders/1001?x=1', 'http://host/api/v1/Orders/1001/' or 'Orders/1001'. */
export function contractPath(url: string): string {
  const path = url.replace(/^https?:\/\/[^/]+/, '').replace(/[?#].*$/, '');
  return path
    .replace(/^\/?api\/(v1\/)?/, '')
    .replace(/^\//, '')
    .replace(/\/$/, '');
}

/** Fake answers that broke the contract since the last `takeContractBreaches`. */
const breaches: string[] = [];

/** The breaches seen so far, emptied: the web tests' setup fails a test that had any. */
export function takeContractBreaches(): string[] {
  return breaches.splice(0);
}

/**
 * The body of a fake answer to `METHOD url` with `status`, parsed with the contract's schema.
 * An answer the contract does not allow (a missing or mistyped field, or a field the contract
 * does not have), or a call with no contract, throws and is remembered as a breach.
 */
export function contractAnswer(method: string, url: string, status: number, body: unknown): unknown {
  const path = contractPath(url);
  const route = routes.find(([m, p]) => m === method && p.test(path));
  const fail = (why: string): never => {
    const message = `The fake answer to ${method} ${path} (${status}) breaks the contract: ${why}`;
    breaches.push(message);
    throw new Error(message);
  };
  if (!route) return fail('no such call');
  const [, , success, errors = ApiErrorSchema] = route;
  // A proxy's or a stopped server's 5xx comes without the API's body; the client copes with it.
  if (status >= 500 && body === undefined) return body;
  const schema = status >= 400 ? errors : success;
  if (schema === 'empty' || status === 204) {
    if (body !== undefined && body !== null) fail('this answer has no body');
    return body;
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) fail(z.prettifyError(parsed.error));
  const extra = droppedKeys(body, parsed.data);
  if (extra.length > 0) fail(`fields the contract does not have: ${extra.join(', ')}`);
  return parsed.data;
}

/** The paths of the fields in `input` that parsing left out of `output`. */
function droppedKeys(input: unknown, output: unknown, at = ''): string[] {
  if (Array.isArray(input) && Array.isArray(output))
    return input.flatMap((item, i) => droppedKeys(item, output[i], `${at}[${i}]`));
  if (!isRecord(input) || !isRecord(output)) return [];
  return Object.keys(input).flatMap((key) =>
    key in output
      ? droppedKeys(input[key], output[key], at ? `${at}.${key}` : key)
      : [at ? `${at}.${key}` : key],
  );
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** A fixture built through the contract's schema: `fixture(CustomerSchema, {...})`. */
export function fixture<S extends z.ZodType>(schema: S, value: z.input<S>): z.output<S> {
  return schema.parse(value);
}
