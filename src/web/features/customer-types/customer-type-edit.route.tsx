import { Text } from '@mantine/core';
import { useParams } from 'react-router';
import { useGoBack } from '../../lib/use-go-back';
import { paths } from '../../paths';
import { useCustomerType } from './api/get-customer-type';
import { CustomerTypeForm } from './components/customer-type-form';

/** Spec section 2, /maint/customertype/edit/{id}: 'Customer Type - Edit' with Save and Cancel. */
export function Component() {
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const goBack = useGoBack(paths.customerTypes);
  const type = useCustomerType(valid ? id : 0);

  if (!valid) return <Text>There is no customer type with this id.</Text>;
  if (type.isError) return <Text>This customer type could not be loaded.</Text>;
  if (!type.data) return null;
  return <CustomerTypeForm key={type.data.Id} type={type.data} onDone={goBack} />;
}
