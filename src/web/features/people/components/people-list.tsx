import { Badge, Group, Paper, Table, Text } from '@mantine/core';
import type { VenuePerson } from '../../../../domain/people.schema';
import { CardList } from '../../../components/card-list';
import { PersonRoleSelect, RemovePersonButton, useRoleAndRemoval } from './person-actions';

export interface PeopleListProps {
  customerId: number;
  venueName: string;
  people: readonly VenuePerson[];
  /** The signed-in person's Id (an Owner's page), or null (staff). */
  me: number | null;
  isPhone: boolean;
}

const you = (
  <Badge variant="light" size="sm" ml={6}>
    You
  </Badge>
);

/**
 * The venue's people: on a phone a card each (name, email, then the role and Remove, within a
 * thumb's reach); on a desk a table of Name, Email, Role.
 */
export function PeopleList(props: PeopleListProps) {
  const { people, isPhone } = props;
  if (isPhone)
    return (
      <CardList label="People">
        {people.map((p) => (
          <PersonCard key={p.Id} {...props} person={p} />
        ))}
      </CardList>
    );
  return (
    <Table aria-label="People" verticalSpacing="xs" highlightOnHover>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">Name</Table.Th>
          <Table.Th scope="col">Email</Table.Th>
          <Table.Th scope="col" w={200}>
            Role
          </Table.Th>
          <Table.Th scope="col" w={1}>
            Action
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {people.map((p) => (
          <PersonTableRow key={p.Id} {...props} person={p} />
        ))}
      </Table.Tbody>
    </Table>
  );
}

type RowProps = PeopleListProps & { person: VenuePerson };

const rowProps = ({ customerId, venueName, person, me, isPhone }: RowProps) => ({
  customerId,
  venueName,
  person,
  isMe: person.Id === me,
  isPhone,
});

function PersonTableRow(props: RowProps) {
  const own = rowProps(props);
  const actions = useRoleAndRemoval(own);
  return (
    <Table.Tr data-testid="person-row">
      <Table.Td>
        <Text fw={600} span>
          {props.person.Name}
        </Text>
        {own.isMe && you}
      </Table.Td>
      <Table.Td style={{ overflowWrap: 'anywhere' }}>{props.person.Email}</Table.Td>
      <Table.Td>
        <PersonRoleSelect {...own} actions={actions} />
      </Table.Td>
      <Table.Td>
        <RemovePersonButton {...own} actions={actions} />
      </Table.Td>
    </Table.Tr>
  );
}

function PersonCard(props: RowProps) {
  const own = rowProps(props);
  const actions = useRoleAndRemoval(own);
  return (
    <Paper component="li" withBorder p="sm" radius="md" data-testid="person-row">
      <Text fw={600}>
        {props.person.Name}
        {own.isMe && you}
      </Text>
      <Text fz="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {props.person.Email}
      </Text>
      <Group gap="sm" mt="xs" wrap="nowrap" align="flex-end">
        <div style={{ flex: 1, minWidth: 0 }}>
          <PersonRoleSelect {...own} actions={actions} />
        </div>
        <RemovePersonButton {...own} actions={actions} />
      </Group>
    </Paper>
  );
}
