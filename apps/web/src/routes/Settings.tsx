import { BillingSection } from '../features/billing/components/BillingSection';
import { PricingSection } from '../features/billing/components/PricingSection';
import { registerBillingModals } from '../features/billing/modals';
import { SettingsPage, type SettingsSections } from '../features/settings/components/SettingsPage';

registerBillingModals();

/** The settings frame with the pages other features provide (features do not import each other). */
const SECTIONS: SettingsSections = { billing: BillingSection, pricing: PricingSection };

export default function Settings() {
  return <SettingsPage sections={SECTIONS} />;
}
