import { Alert, Button, Group, Loader, Table, Text } from '@mantine/core';
import { IconAlertTriangle, IconWallet } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { ReplyOf, Signee, api } from '@sinetti/contract';
import { errorText } from '../../../lib/errors';
import { formatMoney } from '../../../lib/money';

type QuoteReply = ReplyOf<typeof api.signing.quote>;

/**
 * The send dialog's cost: each signee's price, the total and the balance before and after sending, as
 * the server computed them (with the signing method each is priced by); without the permission to see the balance the server sends the costs only
 * (the balance figures and `enough` are null) and so does this. Loading and failure have their own states; a short balance says so and
 * offers the top-up page (/settings/billing).
 */
export function SendQuote({
  quote,
  signees,
  onTopUp,
}: {
  quote: UseQueryResult<QuoteReply>;
  signees: readonly Pick<Signee, 'id' | 'fullName' | 'email'>[];
  onTopUp: () => void;
}) {
  const { t } = useTranslation('signing');
  const navigate = useNavigate();
  if (quote.isPending) {
    return (
      <Group gap="xs" role="status">
        <Loader size="xs" />
        <Text size="sm">{t('send.quoteLoading')}</Text>
      </Group>
    );
  }
  if (quote.isError) {
    return (
      <Alert color="red" icon={<IconAlertTriangle size={16} aria-hidden />} role="alert">
        <Group justify="space-between" gap="xs">
          <Text size="sm">{errorText(quote.error, t('send.quoteFailed'))}</Text>
          <Button size="xs" variant="light" onClick={() => void quote.refetch()}>
            {t('send.retry')}
          </Button>
        </Group>
      </Alert>
    );
  }
  const q = quote.data.quote;
  const money = (cents: number) => formatMoney(cents, { currency: q.currency });
  const nameOf = (id: string, email: string) => {
    const s = signees.find((x) => x.id === id);
    return s && s.fullName.trim() && s.fullName !== s.email ? `${s.fullName} <${email}>` : email;
  };
  const toBilling = () => {
    onTopUp();
    void navigate('/settings/billing');
  };
  return (
    <>
      <Table aria-label={t('send.costLabel')} verticalSpacing={4} fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('send.signee')}</Table.Th>
            <Table.Th ta="right">{t('send.price')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {q.signees.map((s) => (
            <Table.Tr key={s.id}>
              <Table.Td style={{ wordBreak: 'break-word' }}>
                {nameOf(s.id, s.email)}
                <Text span size="xs" c="dimmed" display="block" data-testid="quote-method">
                  {t('signees.levelMethod', { level: t(`levels.${s.level}`), method: s.methodName })}
                </Text>
              </Table.Td>
              <Table.Td ta="right">{money(s.priceCents)}</Table.Td>
            </Table.Tr>
          ))}
          <Table.Tr fw={600}>
            <Table.Td>{t('send.total')}</Table.Td>
            <Table.Td ta="right">{money(q.totalCents)}</Table.Td>
          </Table.Tr>
          {q.balanceCents !== null && q.balanceAfterCents !== null && (
            <>
              <Table.Tr>
                <Table.Td>{t('send.balance')}</Table.Td>
                <Table.Td ta="right">{money(q.balanceCents)}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Td>{t('send.balanceAfter')}</Table.Td>
                <Table.Td ta="right">{money(q.balanceAfterCents)}</Table.Td>
              </Table.Tr>
            </>
          )}
        </Table.Tbody>
      </Table>
      {q.enough === false && (
        <Alert color="orange" icon={<IconWallet size={16} aria-hidden />} role="alert">
          <Group justify="space-between" gap="xs">
            <Text size="sm">{t('send.notEnough')}</Text>
            <Button size="xs" onClick={toBilling} leftSection={<IconWallet size={14} aria-hidden />}>
              {t('send.topUp')}
            </Button>
          </Group>
        </Alert>
      )}
    </>
  );
}
