import { BillingSection } from '../features/billing/components/BillingSection';
import { PricingSection } from '../features/billing/components/PricingSection';
import { registerBillingModals } from '../features/billing/modals';
import { RolesSection } from '../features/roles/components/RolesSection';
import { registerRolesModals } from '../features/roles/modals';
import { SettingsPage, type SettingsSections } from '../features/settings/components/SettingsPage';

registerBillingModals();
registerRolesModals();

/** The settings frame with the pages other features provide (features do not import each other). */
const SECTIONS: SettingsSections = {
  permissions: RolesSection,
  billing: BillingSection,
  pricing: PricingSection,
};

export default function Settings() {
  return <SettingsPage sections={SECTIONS} />;
}
