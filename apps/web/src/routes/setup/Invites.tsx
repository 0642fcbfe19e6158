import { SelfSkippingStep } from '../../features/setup/components/SelfSkippingStep';
import { STEP } from '../../features/setup/lib/steps';

export default function Invites() {
  return <SelfSkippingStep step={STEP.invites} />;
}
