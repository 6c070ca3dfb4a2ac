import { PayPalButtons, PayPalScriptProvider } from '@paypal/react-paypal-js';

interface Props {
  clientId: string;
  createOrder(): Promise<string>;
  onApprove(orderId: string): Promise<void>;
  onError(): void;
  onReady(): void;
}

/** PayPal's button (its script loads only here, on /payment): the order is created and captured
 * by our server; the button only asks the payer to approve it. */
export default function PayPalWallet({ clientId, createOrder, onApprove, onError, onReady }: Props) {
  return (
    <PayPalScriptProvider options={{ clientId, currency: 'GBP', intent: 'capture' }}>
      <PayPalButtons
        style={{ layout: 'vertical' }}
        createOrder={createOrder}
        onApprove={(data) => onApprove(data.orderID)}
        onError={onError}
        onInit={onReady}
      />
    </PayPalScriptProvider>
  );
}
