import { describe, expect, it } from 'vitest';
import { contractAnswer, contractPath, takeContractBreaches } from './contract';
import { customerTypes } from './fixtures';

const type1 = customerTypes[0]!;

describe("the web tests' fake answers follow the contract", () => {
  it('names a call by its path under the API root', () => {
    expect(contractPath('/api/v1/Orders/1001?x=1')).toBe('Orders/1001');
    expect(contractPath('http://localhost/api/v1/Order/1/Worksheet/')).toBe('Order/1/Worksheet');
    expect(contractPath('Customer/1')).toBe('Customer/1');
    expect(contractPath('/api/CustomerImport')).toBe('CustomerImport');
  });

  it("passes an answer in the contract's shape, and the error body of a refusal", () => {
    expect(contractAnswer('GET', '/api/v1/CustomerTypes', 200, [type1])).toEqual([type1]);
    expect(contractAnswer('GET', 'CustomerType/9', 404, { ErrorMessage: 'Not found' })).toEqual({
      ErrorMessage: 'Not found',
    });
    expect(contractAnswer('DELETE', 'Message/3', 204, undefined)).toBeUndefined();
    expect(takeContractBreaches()).toEqual([]);
  });

  it('throws and remembers a missing field, a field the contract lacks, and a call it does not have', () => {
    const { LeadHours: _, ...noLeadHours } = type1;
    expect(() => contractAnswer('GET', 'CustomerTypes', 200, [noLeadHours])).toThrow(/LeadHours/);
    expect(() => contractAnswer('GET', 'CustomerTypes', 200, [{ ...type1, Color: 'red' }])).toThrow(
      /fields the contract does not have: \[0\]\.Color/,
    );
    expect(() => contractAnswer('GET', 'CustomerTypes', 500, { Message: 'boom' })).toThrow(/ErrorMessage/);
    expect(() => contractAnswer('GET', 'NoSuchCall', 200, {})).toThrow(/no such call/);
    expect(takeContractBreaches()).toHaveLength(4);
  });
});
