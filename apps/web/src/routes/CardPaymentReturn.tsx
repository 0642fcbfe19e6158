import { CardPaymentReturnPage } from '../features/billing/components/CardPaymentReturnPage';

export default function CardPaymentReturn() {
  return <CardPaymentReturnPage />;
}
