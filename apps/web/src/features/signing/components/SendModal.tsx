import { useState } from 'react';
import { Button, Group, NativeSelect, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { SIGNING_MESSAGE_MAX, type NameMismatchPolicy, type SigningQuote } from '@sinetti/contract';
import { AppModal, useModals, type ModalComponentProps } from '../../../components/modals';
import { showError } from '../../../components/toast';
import { errorText, hasReason } from '../../../lib/errors';
import { useQuote, useSend } from '../api/process';
import { NameMismatchChoice } from './NameMismatchChoice';
import { SendFindingsNotice, blocksSending } from './SendFindingsNotice';
import { SendQuote } from './SendQuote';
import { SendRewriteNotice } from './SendRewriteNotice';
import { SigningOrderChoice, initialSigningOrder, signingOrderOption } from './SigningOrderChoice';

/** The reminder intervals offered (days); the server accepts any 1..SIGNING_REMINDER_MAX_DAYS. */
const REMINDER_CHOICES = [1, 2, 3, 7, 14] as const;

/**
 * document-send (SPEC §2.7, §4.2, issue 12 items 6 and 7): the cost per signee and in total with the
 * balance after sending (the server's quote), an optional message to the signees, the expiry day and
 * automatic reminders. OK closes it and shows send-complete; LIMIT_LOW_BALANCE closes it and shows the
 * low-balance dialog. When the quote says the balance is short, sending waits for a top-up. What the
 * server found in the PDF (hidden content, earlier signatures) is shown before sending; a certified PDF
 * cannot be sent.
 */
export function SendModal({ props, opened, close }: ModalComponentProps<'document-send'>) {
  const { t } = useTranslation('signing');
  const modals = useModals();
  const send = useSend(props.documentId);
  // PDF_REWRITE_NEEDED: the sender is told first; sending again accepts the rewrite.
  const [rewrite, setRewrite] = useState<unknown>(null);
  const quote = useQuote(props.documentId);
  const [message, setMessage] = useState('');
  const [expiresOn, setExpiresOn] = useState<string | null>(null);
  const [reminders, setReminders] = useState('');
  const [nameMismatch, setNameMismatch] = useState<NameMismatchPolicy>('continue');
  const [order, setOrder] = useState(() => initialSigningOrder(props.signees));
  const q: SigningQuote | undefined = quote.data?.quote;
  // Only an eID or a QTSP verifies names: the choice matters when a signee signs above simple.
  const verifiesNames = !!q && q.signees.some((s) => s.level > 1);
  const day = expiresOn ?? q?.expiry.defaultOn ?? '';
  const dayValid = !!q && day >= q.expiry.minOn && day <= q.expiry.maxOn;

  const confirm = () => {
    if (send.isPending || !q) return;
    const signingOrder = signingOrderOption(props.signees, order);
    const options = {
      ...(message.trim() ? { message: message.trim() } : {}),
      expiresOn: day,
      reminderDays: reminders ? Number(reminders) : null,
      ...(rewrite ? { acceptRewrite: true } : {}),
      ...(verifiesNames ? { nameMismatch } : {}),
      ...(signingOrder ? { signingOrder } : {}),
    };
    send.mutate(options, {
      onSuccess: (reply) => {
        close();
        if (reply.status === 'OK') {
          props.onSent?.();
          modals.open('document-send-complete');
        } else {
          modals.open('document-send-low-balance', {
            balance: reply.balance ?? null,
            required: reply.required ?? null,
          });
        }
      },
      // A reason (e.g. PDF_TOO_COMPLEX, PDF_BUSY) has its own text; anything else the generic one.
      onError: (error) =>
        hasReason(error, 'PDF_REWRITE_NEEDED')
          ? setRewrite(error)
          : showError(errorText(error, t('send.failed'))),
    });
  };

  return (
    <AppModal
      opened={opened}
      onClose={close}
      title={t('send.title')}
      icon={<IconSend size={18} aria-hidden />}
    >
      <Stack gap="md">
        <Text size="sm">{t('send.text')}</Text>
        <SendQuote quote={quote} signees={props.signees} onTopUp={close} />
        <Textarea
          label={t('send.message')}
          description={t('send.messageHint', { count: SIGNING_MESSAGE_MAX - message.length })}
          value={message}
          onChange={(e) => setMessage(e.currentTarget.value)}
          maxLength={SIGNING_MESSAGE_MAX}
          rows={3}
        />
        <Group grow align="flex-start">
          <TextInput
            type="date"
            label={t('send.expiresOn')}
            value={day}
            min={q?.expiry.minOn}
            max={q?.expiry.maxOn}
            disabled={!q}
            onChange={(e) => setExpiresOn(e.currentTarget.value)}
            error={q && !dayValid ? t('reasons.EXPIRY_OUT_OF_RANGE', { ns: 'errors' }) : undefined}
          />
          <NativeSelect
            label={t('send.reminders')}
            value={reminders}
            onChange={(e) => setReminders(e.currentTarget.value)}
            data={[
              { value: '', label: t('send.remindersOff') },
              ...REMINDER_CHOICES.map((n) => ({
                value: String(n),
                label: t('send.remindersEvery', { count: n }),
              })),
            ]}
          />
        </Group>
        <Text size="xs" c="dimmed">
          {t('send.expiresHint')}
        </Text>
        <SigningOrderChoice signees={props.signees} value={order} onChange={setOrder} />
        {verifiesNames && <NameMismatchChoice value={nameMismatch} onChange={setNameMismatch} />}
        <SendFindingsNotice findings={q?.pdfFindings} />
        {rewrite ? <SendRewriteNotice error={rewrite} /> : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={close} disabled={send.isPending}>
            {t('actions.cancel', { ns: 'common' })}
          </Button>
          <Button
            onClick={confirm}
            loading={send.isPending}
            disabled={!q || q.enough === false || !dayValid || blocksSending(q.pdfFindings)}
            leftSection={<IconSend size={16} aria-hidden />}
          >
            {rewrite ? t('send.rewriteConfirm') : t('send.confirm')}
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}
