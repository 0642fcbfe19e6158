import { ConfirmPlanStep } from '../../features/setup/components/ConfirmPlanStep';

export default function ConfirmPlan() {
  return <ConfirmPlanStep />;
}
