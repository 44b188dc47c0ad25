import { Text } from '@mantine/core';
import { useParams } from 'react-router';
import { useGoBack } from '../../lib/use-go-back';
import { paths } from '../../paths';
import { useMessage } from './api/get-message';
import { MessageForm } from './components/message-form';

/** Spec section 2, /maint/ordermessage/edit/{id}: the message editor; id 0 adds a new message. */
export function Component() {
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id >= 0;
  const goBack = useGoBack(paths.orderMessages);
  const message = useMessage(valid ? id : 0);

  if (!valid) return <Text>There is no message with this id.</Text>;
  if (id === 0) return <MessageForm id={0} onDone={goBack} />;
  if (message.isError) return <Text>This message could not be loaded.</Text>;
  if (!message.data) return null;
  return <MessageForm key={id} id={id} message={message.data} onDone={goBack} />;
}
