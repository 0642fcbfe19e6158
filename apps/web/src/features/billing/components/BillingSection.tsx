import { SimpleGrid, Stack } from '@mantine/core';
import { BalanceCard } from './BalanceCard';
import { PaymentMethodCard } from './PaymentMethodCard';
import { PlanCard } from './PlanCard';
import { TransactionsCard } from './TransactionsCard';

/** Settings → Billing (owner only, SPEC §6): balance, payment method, plan and transaction history. */
export function BillingSection() {
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <BalanceCard />
        <PaymentMethodCard />
      </SimpleGrid>
      <PlanCard />
      <TransactionsCard />
    </Stack>
  );
}
