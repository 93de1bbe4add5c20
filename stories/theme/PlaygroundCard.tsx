import { UrlPolicyContext } from '../../src/components/_safe/urlPolicy';
import { Button, IconButton } from '../../src/components/Button/Button';
import { BackIcon, CloseIcon } from '../../src/components/Icon/Icon';
import { ListItem } from '../../src/components/ListItem/ListItem';
import { Text } from '../../src/components/Text/Text';
import { TokenRow } from '../../src/components/TokenRow/TokenRow';
import { WalletTile } from '../../src/components/WalletTile/WalletTile';
import { card, header, list, page, section, tiles, title } from './PlaygroundCard.css';

export interface PlaygroundIcons {
  fox: string;
  coin: string;
  rainbow: string;
  grid: string;
  shield: string;
  phantom: string;
  usdc: string;
}

export interface PlaygroundCardProps {
  icons: PlaygroundIcons;
  /** The CSP fixture serves its icons from http://127.0.0.1 (given to the components as their URL policy). */
  allowLocalhost?: boolean;
  onConnect?: () => void;
}

/**
 * A static composition that looks like the connect modal (inline, not portalled): header, wallet tiles,
 * list rows, a token row and a primary button. Used by the Theme playground story, the visual tests
 * and the CSP fixture, so all three show the same thing. No inline styles: everything comes from the
 * static stylesheet, which is what a strict Content-Security-Policy allows.
 */
export function PlaygroundCard({ icons, allowLocalhost, onConnect }: PlaygroundCardProps) {
  return (
    <UrlPolicyContext.Provider value={{ allowLocalhost: !!allowLocalhost }}>
      <div className={page}>
        <section className={card} aria-labelledby="kw-playground-title" data-kw-playground="">
          <div className={header}>
            <IconButton aria-label="Back" icon={<BackIcon />} size="sm" />
            <Text variant="title" id="kw-playground-title" className={title}>
              Connect Wallet
            </Text>
            <IconButton aria-label="Close" icon={<CloseIcon />} size="sm" />
          </div>
          <div className={tiles}>
            <WalletTile name="MetaMask" iconUrl={icons.fox} badge="Installed" badgeTone="success" />
            <WalletTile name="Coinbase Wallet" iconUrl={icons.coin} badge="Recent" badgeTone="accent" />
            <WalletTile name="Rainbow" iconUrl={icons.rainbow} />
            <WalletTile name="All Wallets" iconUrl={icons.grid} badge="430+" />
          </div>
          <ul className={list}>
            <li>
              <ListItem name="Trust Wallet" description="Mobile and extension" iconUrl={icons.shield} />
            </li>
            <li>
              <ListItem
                name="Phantom"
                description="Solana and Ethereum"
                iconUrl={icons.phantom}
                badge="Installed"
                badgeTone="success"
              />
            </li>
          </ul>
          <div className={section}>
            <Text variant="label" as="h3">
              Balance
            </Text>
            <TokenRow
              symbol="USDC"
              name="USD Coin"
              iconUrl={icons.usdc}
              quantity="1,250.50"
              value="$1,250.50"
            />
          </div>
          <Button variant="primary" size="lg" fullWidth onClick={onConnect} data-kw-playground-primary="">
            Connect
          </Button>
          <Text variant="muted" align="center">
            By connecting, you agree to the Terms of Service.
          </Text>
        </section>
      </div>
    </UrlPolicyContext.Provider>
  );
}
