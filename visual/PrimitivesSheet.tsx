import type { CSSProperties, ReactNode } from 'react';
import { Avatar } from '../src/components/Avatar/Avatar';
import { Button, IconButton } from '../src/components/Button/Button';
import { CloseIcon } from '../src/components/Icon/Icon';
import { Image } from '../src/components/Image/Image';
import { ListItem } from '../src/components/ListItem/ListItem';
import { NetworkBadge } from '../src/components/NetworkBadge/NetworkBadge';
import { Skeleton, SkeletonRegion, SkeletonText } from '../src/components/Skeleton/Skeleton';
import { Spinner } from '../src/components/Spinner/Spinner';
import { Text } from '../src/components/Text/Text';
import { TokenRow } from '../src/components/TokenRow/TokenRow';
import { TransactionRow } from '../src/components/TransactionRow/TransactionRow';
import { WalletTile } from '../src/components/WalletTile/WalletTile';
import {
  ADDRESS_A,
  ADDRESS_B,
  ADDRESS_C,
  BROKEN_IMAGE,
  icons,
  JAVASCRIPT_URL,
  LONG_NAME,
} from '../stories/components/_fixtures';
import { networkBadgeTexts, spinnerLabel, transactionRowLabels } from '../stories/components/_texts';

const sheet: CSSProperties = {
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(320px, 1fr))',
  gap: 24,
  padding: 16,
  background: 'var(--kw-color-background)',
};
const panel: CSSProperties = { display: 'flex', flexDirection: 'column', gap: 8, minWidth: 0 };
const row: CSSProperties = { display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'center' };
const tiles: CSSProperties = { display: 'grid', gridTemplateColumns: 'repeat(4, minmax(0, 1fr))', gap: 8 };

function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section style={panel} data-visual-panel={title}>
      <Text variant="label" as="h2">
        {title}
      </Text>
      {children}
    </section>
  );
}

/** Every display primitive in its states, with fixed data: one screenshot per width and mode. */
export function PrimitivesSheet() {
  return (
    <div style={sheet}>
      <Panel title="Text">
        <Text variant="title">Title: Connect Wallet</Text>
        <Text variant="body">Body: Choose how you want to connect.</Text>
        <Text variant="small">Small: By connecting you agree to the terms.</Text>
        <Text variant="label">Label: Amount</Text>
        <Text variant="mono">Mono: 0x71C7…976F</Text>
        <Text variant="muted">Muted: Last used 2 min ago</Text>
        <Text variant="label" truncate title={LONG_NAME}>
          {LONG_NAME}
        </Text>
      </Panel>
      <Panel title="Button and Spinner">
        <div style={row}>
          <Button>Primary</Button>
          <Button variant="secondary">Secondary</Button>
          <Button variant="ghost">Ghost</Button>
          <Button variant="danger">Danger</Button>
        </div>
        <div style={row}>
          <Button size="sm" disabled>
            Disabled
          </Button>
          <Button size="lg" loading>
            Loading
          </Button>
          <IconButton aria-label="Close" icon={<CloseIcon />} />
          <Spinner size="sm" label={spinnerLabel} />
          <Spinner size="md" label={spinnerLabel} />
          <Spinner size="lg" label={spinnerLabel} />
        </div>
      </Panel>
      <Panel title="Image and Avatar">
        <div style={row}>
          <Image src={icons.fox} alt="Fox" size="xl" />
          <Image src={icons.coin} alt="Coin" size="lg" shape="circle" />
          <Image src={JAVASCRIPT_URL} alt="Refused" size="lg" />
          <Image src={BROKEN_IMAGE} alt="Broken" size="lg" shape="circle" />
        </div>
        <div style={row}>
          <Avatar src={icons.rainbow} alt="Image avatar" size="lg" />
          <Avatar address={ADDRESS_A} alt="A" size="lg" />
          <Avatar address={ADDRESS_B} alt="B" size="lg" />
          <Avatar address={ADDRESS_C} alt="C" size="lg" />
          <Avatar alt="Nobody" size="lg" />
          <Avatar address={ADDRESS_A} alt="sm" size="sm" />
          <Avatar address={ADDRESS_A} alt="md" size="md" />
          <Avatar address={ADDRESS_A} alt="xl" size="xl" />
        </div>
      </Panel>
      <Panel title="WalletTile">
        <div style={tiles}>
          <WalletTile name="MetaMask" iconUrl={icons.fox} badge="Installed" badgeTone="success" />
          <WalletTile name="Coinbase Wallet" iconUrl={icons.coin} badge="Recent" badgeTone="accent" />
          <WalletTile name={LONG_NAME} iconUrl={JAVASCRIPT_URL} />
          <WalletTile name="Rainbow" iconUrl={icons.rainbow} disabled />
        </div>
      </Panel>
      <Panel title="ListItem">
        <ListItem
          name="MetaMask"
          description="Browser extension"
          iconUrl={icons.fox}
          badge="Installed"
          badgeTone="success"
        />
        <ListItem name="Get a wallet" href="https://example.com/wallets" iconUrl={icons.grid} badge="430+" />
        <ListItem name="Ethereum" iconUrl={icons.ethereum} iconShape="circle" chevron={false} />
        <ListItem name="Unavailable" description="Not on this network" iconUrl={icons.shield} disabled />
      </Panel>
      <Panel title="Skeleton">
        <SkeletonRegion label="Loading">
          <div style={panel}>
            <Skeleton shape="title" width="1/2" />
            <SkeletonText lines={2} />
            <div style={row}>
              <Skeleton shape="circle" size="sm" />
              <Skeleton shape="circle" size="md" />
              <Skeleton shape="circle" size="lg" />
              <Skeleton shape="tile" />
            </div>
            <Skeleton shape="rect" size="sm" />
          </div>
        </SkeletonRegion>
      </Panel>
      <Panel title="NetworkBadge">
        <div style={row}>
          <NetworkBadge {...networkBadgeTexts} name="Ethereum" imageUrl={icons.ethereum} />
          <NetworkBadge
            {...networkBadgeTexts}
            name="Polygon"
            imageUrl={icons.polygon}
            onClick={() => undefined}
          />
          <NetworkBadge {...networkBadgeTexts} name="Chain 99999" unsupported />
          <NetworkBadge {...networkBadgeTexts} name={LONG_NAME} imageUrl={JAVASCRIPT_URL} />
        </div>
      </Panel>
      <Panel title="TokenRow">
        <TokenRow symbol="USDC" name="USD Coin" iconUrl={icons.usdc} quantity="1,250.50" value="$1,250.50" />
        <TokenRow
          symbol="ETH"
          name="Ether"
          iconUrl={icons.ethereum}
          quantity="0.5"
          onClick={() => undefined}
        />
        <TokenRow
          symbol="VISIT-FREE-CLAIM-WWW.SCAM.EXAMPLE"
          name="Claim your reward at www.scam.example now, really"
          iconUrl={JAVASCRIPT_URL}
          quantity="1000000"
          value="$0.00"
        />
      </Panel>
      <Panel title="TransactionRow">
        <TransactionRow
          labels={transactionRowLabels}
          direction="in"
          title="Received ETH"
          counterparty="from vitalik.eth"
          amount="+0.5 ETH"
          secondaryAmount="$1,500.00"
          status="confirmed"
          time="2 min ago"
        />
        <TransactionRow
          labels={transactionRowLabels}
          direction="out"
          title="Sent USDC"
          counterparty="to 0x71C7…976F"
          amount="-25.00 USDC"
          status="pending"
          time="just now"
          explorerUrl="https://etherscan.io/tx/0x5c50"
        />
        <TransactionRow
          labels={transactionRowLabels}
          direction="self"
          title="Moved ETH"
          amount="0.1 ETH"
          status="failed"
          time="Mar 3"
        />
        <TransactionRow
          labels={transactionRowLabels}
          direction="trade"
          title="Swapped ETH for USDC"
          amount="+1,480.20 USDC"
          secondaryAmount="-0.5 ETH"
          status="confirmed"
          time="Mar 1"
        />
      </Panel>
    </div>
  );
}
