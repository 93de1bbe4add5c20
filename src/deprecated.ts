/**
 * Names `keyway` exports for one more minor version only (README, Changelog). The design system's primitives moved to
 * `keyway/components`; the others are internals of the kit that a host has no use for. Each is an alias with a
 * `@deprecated` note, so an editor strikes it through where a host still imports it.
 */
import type { Context } from 'react';
import * as components from './components';
import { createAuthConnectorApi as internalCreateAuthConnectorApi } from './frame/connector/auth-api';
import {
  createLoginCache as internalCreateLoginCache,
  LOGIN_CACHE_CLEARED_KEYS as internalLOGIN_CACHE_CLEARED_KEYS,
} from './frame/login-cache';
import {
  isSignedMessage as internalIsSignedMessage,
  isTransactionHash as internalIsTransactionHash,
} from './frame/protocol/classify';
import { OtpSchema as internalOtpSchema } from './frame/protocol/fields';
import { buildDeepLink as internalBuildDeepLink } from './hooks/connect/wallets';
import { KeywayContext as internalKeywayContext } from './hooks/context';
import { emailErrorMessage as internalEmailErrorMessage } from './hooks/email/store';
import type { Keyway } from './hooks/keyway';
import { checkFiatAmount as internalCheckFiatAmount } from './hooks/onramp/limits';
import {
  maxSendAmount as internalMaxSendAmount,
  parseAmount as internalParseAmount,
} from './hooks/send/validation';
import { SOCIAL_PROVIDER_NAMES as internalSOCIAL_PROVIDER_NAMES } from './hooks/social/store';
import { MAX_TOASTS as internalMAX_TOASTS } from './hooks/toasts/store';
import {
  createEmbeddedWallet as internalCreateEmbeddedWallet,
  EMBEDDED_CONNECTOR_ID as internalEMBEDDED_CONNECTOR_ID,
} from './instance/embedded';
import { createWalletConnectPairing as internalCreateWalletConnectPairing } from './instance/wagmi';

/** @deprecated Import it from `keyway/components`; `keyway` stops exporting it in the next minor version. */
export const AddressInput = components.AddressInput;
/** @deprecated Import it from `keyway/components`; `keyway` stops exporting it in the next minor version. */
export type AddressInputProps = components.AddressInputProps;
/** @deprecated Import it from `keyway/components`; `keyway` stops exporting it in the next minor version. */
export const AmountInput = components.AmountInput;
/** @deprecated Import it from `keyway/components`; `keyway` stops exporting it in the next minor version. */
export type AmountInputProps = components.AmountInputProps;
/** @deprecated Import it from `keyway/components`; `keyway` stops exporting it in the next minor version. */
export const Avatar = components.Avatar;
/** @deprecated Import it from `keyway/components`; `keyway` stops exporting it in the next minor version. */
export type AvatarProps = components.AvatarProps;
/** @deprecated Import it from `keyway/components`; `keyway` stops exporting it in the next minor version. */
export type AvatarSize = components.AvatarSize;
/** @deprecated Import it from `keyway/components`; `keyway` stops exporting it in the next minor version. */
export const BackIcon = components.BackIcon;
/** @deprecated Import it from `keyway/components`; `keyway` stops exporting it in the next minor version. */
export const Badge = components.Badge;
/** @deprecated Import it from `keyway/components`; `keyway` stops exporting it in the next minor version. */
export type BadgeProps = components.BadgeProps;
/** @deprecated Import it from `keyway/components`; `keyway` stops exporting it in the next minor version. */
export type BadgeTone = components.BadgeTone;
/** @deprecated Import it from `keyway/components`; `keyway` stops exporting it in the next minor version. */
export const Button = components.Button;
/** @deprecated Import it from `keyway/components`; `keyway` stops exporting it in the next minor version. */
export type ButtonProps = components.ButtonProps;
/** @deprecated Import it from `keyway/components`; `keyway` stops exporting it in the next minor version. */
export const CheckIcon = components.CheckIcon;
/** @deprecated Import it from `keyway/components`; `keyway` stops exporting it in the next minor version. */
export const Checkbox = components.Checkbox;
/** @deprecated Import it from `keyway/components`; `keyway` stops exporting it in the next minor version. */
export type CheckboxProps = components.CheckboxProps;
/** @deprecated Import it from `keyway/components`; `keyway` stops exporting it in the next minor version. */
export const ChevronIcon = components.ChevronIcon;
/** @deprecated Import it from `keyway/components`; `keyway` stops exporting it in the next minor version. */
export const CloseIcon = components.CloseIcon;
/** @deprecated Import it from `keyway/components`; `keyway` stops exporting it in the next minor version. */
export const CopyIcon = components.CopyIcon;
/** @deprecated Import it from `keyway/components`; `keyway` stops exporting it in the next minor version. */
export const ErrorIcon = components.ErrorIcon;
/** @deprecated Import it from `keyway/components`; `keyway` stops exporting it in the next minor version. */
export const ExternalIcon = components.ExternalIcon;
/** @deprecated Import it from `keyway/components`; `keyway` stops exporting it in the next minor version. */
export const Field = components.Field;
/** @deprecated Import it from `keyway/components`; `keyway` stops exporting it in the next minor version. */
export type FieldControlProps = components.FieldControlProps;
/** @deprecated Import it from `keyway/components`; `keyway` stops exporting it in the next minor version. */
export type FieldProps = components.FieldProps;
/** @deprecated Import it from `keyway/components`; `keyway` stops exporting it in the next minor version. */
export const Icon = components.Icon;
/** @deprecated Import it from `keyway/components`; `keyway` stops exporting it in the next minor version. */
export const IconButton = components.IconButton;
/** @deprecated Import it from `keyway/components`; `keyway` stops exporting it in the next minor version. */
export type IconButtonProps = components.IconButtonProps;
/** @deprecated Import it from `keyway/components`; `keyway` stops exporting it in the next minor version. */
export type IconName = components.IconName;
/** @deprecated Import it from `keyway/components`; `keyway` stops exporting it in the next minor version. */
export type IconProps = components.IconProps;
/** @deprecated Import it from `keyway/components`; `keyway` stops exporting it in the next minor version. */
export const Image = components.Image;
/** @deprecated Import it from `keyway/components`; `keyway` stops exporting it in the next minor version. */
export type ImageProps = components.ImageProps;
/** @deprecated Import it from `keyway/components`; `keyway` stops exporting it in the next minor version. */
export type ImageSize = components.ImageSize;
/** @deprecated Import it from `keyway/components`; `keyway` stops exporting it in the next minor version. */
export const InfoIcon = components.InfoIcon;
/** @deprecated Import it from `keyway/components`; `keyway` stops exporting it in the next minor version. */
export const Input = components.Input;
/** @deprecated Import it from `keyway/components`; `keyway` stops exporting it in the next minor version. */
export type InputProps = components.InputProps;
/** @deprecated Import it from `keyway/components`; `keyway` stops exporting it in the next minor version. */
export const ListItem = components.ListItem;
/** @deprecated Import it from `keyway/components`; `keyway` stops exporting it in the next minor version. */
export type ListItemProps = components.ListItemProps;
/** @deprecated Import it from `keyway/components`; `keyway` stops exporting it in the next minor version. */
export const MAX_TEXT = components.MAX_TEXT;
/** @deprecated Import it from `keyway/components`; `keyway` stops exporting it in the next minor version. */
export const MailIcon = components.MailIcon;
/** @deprecated Import it from `keyway/components`; `keyway` stops exporting it in the next minor version. */
export const Modal = components.Modal;
/** @deprecated Import it from `keyway/components`; `keyway` stops exporting it in the next minor version. */
export type ModalProps = components.ModalProps;
/** @deprecated Import it from `keyway/components`; `keyway` stops exporting it in the next minor version. */
export const NetworkBadge = components.NetworkBadge;
/** @deprecated Import it from `keyway/components`; `keyway` stops exporting it in the next minor version. */
export type NetworkBadgeProps = components.NetworkBadgeProps;
/** @deprecated Import it from `keyway/components`; `keyway` stops exporting it in the next minor version. */
export const OTP_LENGTH = components.OTP_LENGTH;
/** @deprecated Import it from `keyway/components`; `keyway` stops exporting it in the next minor version. */
export const OtpInput = components.OtpInput;
/** @deprecated Import it from `keyway/components`; `keyway` stops exporting it in the next minor version. */
export type OtpInputProps = components.OtpInputProps;
/** @deprecated Import it from `keyway/components`; `keyway` stops exporting it in the next minor version. */
export const QrCode = components.QrCode;
/** @deprecated Import it from `keyway/components`; `keyway` stops exporting it in the next minor version. */
export type QrCodeProps = components.QrCodeProps;
/** @deprecated Import it from `keyway/components`; `keyway` stops exporting it in the next minor version. */
export const QrIcon = components.QrIcon;
/** @deprecated Import it from `keyway/components`; `keyway` stops exporting it in the next minor version. */
export const SearchIcon = components.SearchIcon;
/** @deprecated Import it from `keyway/components`; `keyway` stops exporting it in the next minor version. */
export const Skeleton = components.Skeleton;
/** @deprecated Import it from `keyway/components`; `keyway` stops exporting it in the next minor version. */
export type SkeletonProps = components.SkeletonProps;
/** @deprecated Import it from `keyway/components`; `keyway` stops exporting it in the next minor version. */
export const SkeletonRegion = components.SkeletonRegion;
/** @deprecated Import it from `keyway/components`; `keyway` stops exporting it in the next minor version. */
export type SkeletonRegionProps = components.SkeletonRegionProps;
/** @deprecated Import it from `keyway/components`; `keyway` stops exporting it in the next minor version. */
export const SkeletonText = components.SkeletonText;
/** @deprecated Import it from `keyway/components`; `keyway` stops exporting it in the next minor version. */
export const Spinner = components.Spinner;
/** @deprecated Import it from `keyway/components`; `keyway` stops exporting it in the next minor version. */
export type SpinnerProps = components.SpinnerProps;
/** @deprecated Import it from `keyway/components`; `keyway` stops exporting it in the next minor version. */
export const SuccessIcon = components.SuccessIcon;
/** @deprecated Import it from `keyway/components`; `keyway` stops exporting it in the next minor version. */
export const SvgIcon = components.SvgIcon;
/** @deprecated Import it from `keyway/components`; `keyway` stops exporting it in the next minor version. */
export type TabItem = components.TabItem;
/** @deprecated Import it from `keyway/components`; `keyway` stops exporting it in the next minor version. */
export const Tabs = components.Tabs;
/** @deprecated Import it from `keyway/components`; `keyway` stops exporting it in the next minor version. */
export type TabsProps = components.TabsProps;
/** @deprecated Import it from `keyway/components`; `keyway` stops exporting it in the next minor version. */
export const Text = components.Text;
/** @deprecated Import it from `keyway/components`; `keyway` stops exporting it in the next minor version. */
export type TextProps = components.TextProps;
/** @deprecated Import it from `keyway/components`; `keyway` stops exporting it in the next minor version. */
export type TextVariant = components.TextVariant;
/** @deprecated Import it from `keyway/components`; `keyway` stops exporting it in the next minor version. */
export type ToastItem = components.ToastItem;
/** @deprecated Import it from `keyway/components`; `keyway` stops exporting it in the next minor version. */
export const ToastRegion = components.ToastRegion;
/** @deprecated Import it from `keyway/components`; `keyway` stops exporting it in the next minor version. */
export type ToastRegionProps = components.ToastRegionProps;
/** @deprecated Import it from `keyway/components`; `keyway` stops exporting it in the next minor version. */
export const TokenRow = components.TokenRow;
/** @deprecated Import it from `keyway/components`; `keyway` stops exporting it in the next minor version. */
export type TokenRowProps = components.TokenRowProps;
/** @deprecated Import it from `keyway/components`; `keyway` stops exporting it in the next minor version. */
export const Tooltip = components.Tooltip;
/** @deprecated Import it from `keyway/components`; `keyway` stops exporting it in the next minor version. */
export type TooltipPlacement = components.TooltipPlacement;
/** @deprecated Import it from `keyway/components`; `keyway` stops exporting it in the next minor version. */
export type TooltipProps = components.TooltipProps;
/** @deprecated Import it from `keyway/components`; `keyway` stops exporting it in the next minor version. */
export type TooltipRect = components.TooltipRect;
/** @deprecated Import it from `keyway/components`; `keyway` stops exporting it in the next minor version. */
export type TooltipShade = components.TooltipShade;
/** @deprecated Import it from `keyway/components`; `keyway` stops exporting it in the next minor version. */
export type TransactionDirection = components.TransactionDirection;
/** @deprecated Import it from `keyway/components`; `keyway` stops exporting it in the next minor version. */
export const TransactionRow = components.TransactionRow;
/** @deprecated Import it from `keyway/components`; `keyway` stops exporting it in the next minor version. */
export type TransactionRowProps = components.TransactionRowProps;
/** @deprecated Import it from `keyway/components`; `keyway` stops exporting it in the next minor version. */
export type TransactionStatus = components.TransactionStatus;
/** @deprecated Import it from `keyway/components`; `keyway` stops exporting it in the next minor version. */
export const UrlPolicyContext = components.UrlPolicyContext;
/** @deprecated Import it from `keyway/components`; `keyway` stops exporting it in the next minor version. */
export const VirtualList = components.VirtualList;
/** @deprecated Import it from `keyway/components`; `keyway` stops exporting it in the next minor version. */
export type VirtualListProps<T> = components.VirtualListProps<T>;
/** @deprecated Import it from `keyway/components`; `keyway` stops exporting it in the next minor version. */
export const VisuallyHidden = components.VisuallyHidden;
/** @deprecated Import it from `keyway/components`; `keyway` stops exporting it in the next minor version. */
export const WalletIcon = components.WalletIcon;
/** @deprecated Import it from `keyway/components`; `keyway` stops exporting it in the next minor version. */
export const WalletTile = components.WalletTile;
/** @deprecated Import it from `keyway/components`; `keyway` stops exporting it in the next minor version. */
export type WalletTileProps = components.WalletTileProps;
/** @deprecated Import it from `keyway/components`; `keyway` stops exporting it in the next minor version. */
export const avatarGradient = components.avatarGradient;
/** @deprecated Import it from `keyway/components`; `keyway` stops exporting it in the next minor version. */
export const capText = components.capText;
/** @deprecated Import it from `keyway/components`; `keyway` stops exporting it in the next minor version. */
export const icons = components.icons;
/** @deprecated Import it from `keyway/components`; `keyway` stops exporting it in the next minor version. */
export const safeImageUrl = components.safeImageUrl;
/** @deprecated Import it from `keyway/components`; `keyway` stops exporting it in the next minor version. */
export const safeLinkUrl = components.safeLinkUrl;
/** @deprecated Import it from `keyway/components`; `keyway` stops exporting it in the next minor version. */
export const useUrlPolicy = components.useUrlPolicy;

/** @deprecated An internal of the kit: `keyway` stops exporting it in the next minor version. */
export const createLoginCache = internalCreateLoginCache;
/** @deprecated An internal of the kit: `keyway` stops exporting it in the next minor version. */
export const OtpSchema = internalOtpSchema;
/** @deprecated An internal of the kit: `keyway` stops exporting it in the next minor version. */
export const LOGIN_CACHE_CLEARED_KEYS = internalLOGIN_CACHE_CLEARED_KEYS;
/** @deprecated An internal of the kit: `keyway` stops exporting it in the next minor version. */
export const isSignedMessage = internalIsSignedMessage;
/** @deprecated An internal of the kit: `keyway` stops exporting it in the next minor version. */
export const isTransactionHash = internalIsTransactionHash;
/** @deprecated An internal of the kit: `keyway` stops exporting it in the next minor version. */
export const emailErrorMessage = internalEmailErrorMessage;
/** @deprecated An internal of the kit: `keyway` stops exporting it in the next minor version. */
export const buildDeepLink = internalBuildDeepLink;
/** @deprecated An internal of the kit: `keyway` stops exporting it in the next minor version. */
export const KeywayContext: Context<Keyway | null> = internalKeywayContext;
/** @deprecated An internal of the kit: `keyway` stops exporting it in the next minor version. */
export const MAX_TOASTS = internalMAX_TOASTS;
/** @deprecated An internal of the kit: `keyway` stops exporting it in the next minor version. */
export const createEmbeddedWallet = internalCreateEmbeddedWallet;
/** @deprecated An internal of the kit: `keyway` stops exporting it in the next minor version. */
export const EMBEDDED_CONNECTOR_ID = internalEMBEDDED_CONNECTOR_ID;
/** @deprecated An internal of the kit: `keyway` stops exporting it in the next minor version. */
export const createWalletConnectPairing = internalCreateWalletConnectPairing;
/** @deprecated An internal of the kit: `keyway` stops exporting it in the next minor version. */
export const createAuthConnectorApi = internalCreateAuthConnectorApi;
/** @deprecated An internal of the kit: `keyway` stops exporting it in the next minor version. */
export const SOCIAL_PROVIDER_NAMES = internalSOCIAL_PROVIDER_NAMES;
/** @deprecated An internal of the kit: `keyway` stops exporting it in the next minor version. */
export const checkFiatAmount = internalCheckFiatAmount;
/** @deprecated An internal of the kit: `keyway` stops exporting it in the next minor version. */
export const maxSendAmount = internalMaxSendAmount;
/** @deprecated An internal of the kit: `keyway` stops exporting it in the next minor version. */
export const parseAmount = internalParseAmount;
