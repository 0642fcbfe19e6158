import type { PlanName } from '@sinetti/contract';
import { registerModal } from '../../components/modals';
import { BalanceAddModal } from './components/BalanceAddModal';
import { PaymentMethodAddModal } from './components/PaymentMethodAddModal';
import { PlanUpgradeModal } from './components/PlanUpgradeModal';

declare module '../../components/modals/registry' {
  interface ModalPropsMap {
    'balance-add': undefined;
    'payment-method-add': undefined;
    'plan-upgrade': { current: PlanName };
  }
}

/** Makes the billing modals openable by name (SPEC §2.7 payment-method-add, balance-add). */
export function registerBillingModals(): void {
  registerModal('balance-add', BalanceAddModal);
  registerModal('payment-method-add', PaymentMethodAddModal);
  registerModal('plan-upgrade', PlanUpgradeModal);
}
