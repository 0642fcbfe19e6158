import { useRef, useState, type FormEvent } from 'react';
import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconWallet } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { TOP_UP_DEFAULT } from '@sinetti/contract';
import { AppModal, useModals, type ModalComponentProps } from '../../../components/modals';
import { showError, showSuccess } from '../../../components/toast';
import { errorText, hasReason } from '../../../lib/errors';
import { formatMoney } from '../../../lib/money';
import { outcomeUnknown, useTopUp } from '../api/balance';
import { isValidTopUp, parseAmount } from '../lib/amount';

const newKey = () => crypto.randomUUID();

/**
 * balance-add (SPEC §2.7, §5): a whole number of euros from 10 to 500, 10 to begin with. Every attempt
 * of one top-up carries the same idempotency key, so a retried or double-clicked top-up charges once;
 * a new key is made only after an answer that charged nothing (declined, no payment method). A reply that
 * leaves the outcome unknown (503, no answer) is asked again with the same key (api/balance.ts), so the
 * dialog shows what really happened (issue 31 item 11).
 */
export function BalanceAddModal({ opened, close }: ModalComponentProps<'balance-add'>) {
  const { t } = useTranslation('billing');
  const modals = useModals();
  const topUp = useTopUp();
  const [text, setText] = useState(String(TOP_UP_DEFAULT));
  const [key, setKey] = useState(newKey);
  const [methodRequired, setMethodRequired] = useState(false);
  const inFlight = useRef(false);
  const amount = parseAmount(text);
  const valid = isValidTopUp(amount);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!valid || inFlight.current) return;
    inFlight.current = true;
    setMethodRequired(false);
    topUp.mutate(
      { amount, idempotencyKey: key },
      {
        onSettled: () => {
          inFlight.current = false;
        },
        onSuccess: (reply) => {
          if (reply.status === 'OK') {
            showSuccess(t('topUp.added', { amount: formatMoney(amount * 100) }));
            close();
          } else if (reply.status === 'PAYMENT_PENDING') {
            showSuccess(t('topUp.pending'));
            close();
          } else if (reply.status === 'PAYMENT_DECLINED') {
            setKey(newKey());
            showError(t('topUp.declined'), t('topUp.declinedTitle'));
          } else {
            setKey(newKey());
            setMethodRequired(true);
          }
        },
        // Still unknown after the automatic retries (no answer, provider unreachable): keep the key, so
        // that trying again answers the charge if it was made, and say that it may have been.
        onError: (error) => {
          if (outcomeUnknown(error)) showError(t('topUp.unconfirmed'), t('topUp.unconfirmedTitle'));
          else
            showError(
              hasReason(error, 'TOP_UP_NOT_WHOLE', 'TOP_UP_OUT_OF_RANGE', 'PAYMENT_NOT_RECORDED')
                ? errorText(error)
                : t('topUp.failed'),
            );
        },
      },
    );
  };

  const addMethod = () => {
    close();
    modals.open('payment-method-add');
  };

  return (
    <AppModal
      opened={opened}
      onClose={close}
      title={t('topUp.title')}
      icon={<IconWallet size={18} aria-hidden />}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm">{t('topUp.text')}</Text>
          <TextInput
            label={t('topUp.label')}
            value={text}
            inputMode="numeric"
            autoComplete="off"
            data-autofocus
            onChange={(e) => setText(e.currentTarget.value)}
            onBlur={() => setText(String(amount))}
            error={valid ? undefined : t(Number.isInteger(amount) ? 'topUp.range' : 'topUp.whole')}
          />
          {methodRequired && (
            <Alert color="orange" icon={<IconAlertTriangle aria-hidden />} title={t('topUp.methodRequired')}>
              <Button mt="xs" size="xs" variant="light" color="orange" onClick={addMethod}>
                {t('topUp.addMethod')}
              </Button>
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={topUp.isPending}>
              {t('topUp.cancel')}
            </Button>
            <Button type="submit" disabled={!valid} loading={topUp.isPending}>
              {t('topUp.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </AppModal>
  );
}
