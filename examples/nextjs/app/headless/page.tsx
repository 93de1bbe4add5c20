import { Wallets } from './wallets';

export default function Headless() {
  return (
    <main>
      <h1>Your own UI</h1>
      <Wallets />
    </main>
  );
}
