import { describe, expect, it } from 'vitest';
import { CustomerProductLinkSaveSchema, CustomerSaveSchema } from './customer.schema';
import { CustomerTypeSaveSchema } from './customer-type.schema';
import { MessageSaveSchema } from './message.schema';
import { UserSaveSchema } from './user.schema';

/** The maintenance forms' schemas: what a form gets back for what staff type. */
const issues = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => result.error?.issues.map((i) => [i.path.join('.'), i.message]) ?? [];

describe('maintenance schemas', () => {
  it('reads an empty number field as missing, and a number given as text as the wrong kind', () => {
    const base = { CustomerTypeId: 1, Name: 'A', Zipcode: 60601 };
    expect(issues(CustomerSaveSchema.safeParse({ ...base, CompanyId: '' }))).toEqual([
      ['CompanyId', 'Company Id is required'],
    ]);
    expect(issues(CustomerSaveSchema.safeParse({ ...base, CompanyId: '1001' }))).toEqual([
      ['CompanyId', 'Company Id must be a whole number from 1 to 9999'],
    ]);
    expect(CustomerSaveSchema.parse({ ...base, CompanyId: 1001 })).toMatchObject({ Id: 0, IsActive: true });
  });

  it('treats empty optional dates as none and checks their order', () => {
    expect(CustomerProductLinkSaveSchema.parse({ Code: ' A1 ', StartDate: '', EndDate: null })).toEqual({
      Code: 'A1',
      StartDate: null,
      EndDate: null,
      OrderNo: 0,
    });
    expect(
      issues(
        MessageSaveSchema.safeParse({
          StartDate: '2026-05-02',
          EndDate: '2026-05-01',
          CustomerTypeId: 0,
          Message: 'x',
        }),
      ),
    ).toEqual([['EndDate', 'End Date must not be before Start Date']]);
  });

  it('takes CustomerTypeId 0 (all types) on a message but not a missing one', () => {
    const m = { StartDate: '2026-05-01', EndDate: '2026-05-01', Message: 'x' };
    expect(MessageSaveSchema.parse({ ...m, CustomerTypeId: 0 }).CustomerTypeId).toBe(0);
    expect(issues(MessageSaveSchema.safeParse({ ...m, CustomerTypeId: null }))).toEqual([
      ['CustomerTypeId', 'Customer Type required'],
    ]);
  });

  it('clears the customer type footer and offers only the listed lead hours', () => {
    const t = { Id: 1, Name: 'Bars', LeadHours: 48, CutoffHours: 16, CutoffMinutes: 0, Footer: '<p>x</p>' };
    expect(CustomerTypeSaveSchema.parse(t).Footer).toBe('');
    expect(issues(CustomerTypeSaveSchema.safeParse({ ...t, LeadHours: 12 }))).toEqual([
      ['LeadHours', 'Lead Hours must be 24, 48, 72 or 96 Hours'],
    ]);
  });

  it('needs a password for a new user only, and stores phone numbers unmasked', () => {
    expect(issues(UserSaveSchema.safeParse({ UserName: 'a' }))).toEqual([
      ['Password', 'Password is required'],
    ]);
    expect(UserSaveSchema.parse({ Id: 4, UserName: 'a', Password: '' }).Password).toBeNull();
    expect(
      UserSaveSchema.parse({ UserName: 'a', Password: ' 8 chars', Phone: '(312) 555-0142' }),
    ).toMatchObject({
      Password: ' 8 chars',
      Phone: '3125550142',
      Fax: '',
    });
  });
});
