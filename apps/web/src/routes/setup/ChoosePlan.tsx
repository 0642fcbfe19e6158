import { SelfSkippingStep } from '../../features/setup/components/SelfSkippingStep';
import { STEP } from '../../features/setup/lib/steps';

export default function ChoosePlan() {
  return <SelfSkippingStep step={STEP.choosePlan} />;
}
