import { Stack } from '@mantine/core';
import { FileUpload, ImportColumns, ImportFileRules } from '../../components/file-upload';
import { queryKeys } from '../../lib/query-keys';

const columns = [
  { name: 'COMPANY_ID', note: 'Customer number, 4 digits' },
  { name: 'CUSTOMER_NAME', note: 'Customer name' },
  { name: 'ZIP_CODE', note: 'Zip code, 5 digits' },
  {
    name: 'CUST_TYPE_ID',
    note: "Customer type number; a type that does not exist yet is created as 'Customer Type N' with the default ordering rules",
  },
  { name: 'LICENSE_NUMBER', note: 'Optional: the liquor license number; blank: none' },
  {
    name: 'LICENSE_EXPIRES',
    note: "Optional: the license's last valid day; later delivery dates are refused. A line without these two columns leaves the license as it is",
  },
];

/** Spec section 2, /maint/customer/import: 'Customer - Import', one tab-separated customers file. */
export function Component() {
  return (
    <Stack gap="md" maw={960}>
      <FileUpload
        title="Customer Import"
        url="/api/CustomerImport"
        invalidates={[queryKeys.customers.all, queryKeys.customerTypes.all]}
      >
        <ImportColumns
          caption="The customers file is tab separated with these columns (the last two may be left out):"
          columns={columns}
        />
        <ImportFileRules keyedBy="COMPANY_ID" />
      </FileUpload>
    </Stack>
  );
}
