export { capText, MAX_TEXT } from '../core/text';
export { safeImageUrl, safeLinkUrl } from '../core/url';
export { UrlPolicyContext, useUrlPolicy } from './_safe/urlPolicy';
export { AddressInput, type AddressInputProps } from './AddressInput/AddressInput';
export { AmountInput, type AmountInputProps } from './AmountInput/AmountInput';
export { Avatar, type AvatarProps, type AvatarSize, avatarGradient } from './Avatar/Avatar';
export { Button, type ButtonProps, IconButton, type IconButtonProps } from './Button/Button';
export { Checkbox, type CheckboxProps } from './Checkbox/Checkbox';
export * from './Icon/Icon';
export { Image, type ImageProps, type ImageSize } from './Image/Image';
export { Field, type FieldControlProps, type FieldProps } from './Input/Field';
export { Input, type InputProps } from './Input/Input';
export { Badge, type BadgeProps, type BadgeTone } from './ListItem/Badge';
export { ListItem, type ListItemProps } from './ListItem/ListItem';
export { Modal, type ModalProps } from './Modal/Modal';
export { NetworkBadge, type NetworkBadgeProps } from './NetworkBadge/NetworkBadge';
export { OTP_LENGTH, OtpInput, type OtpInputProps } from './OtpInput/OtpInput';
export { QrCode, type QrCodeProps } from './QrCode/QrCode';
export {
  Skeleton,
  type SkeletonProps,
  SkeletonRegion,
  type SkeletonRegionProps,
  SkeletonText,
} from './Skeleton/Skeleton';
export { Spinner, type SpinnerProps } from './Spinner/Spinner';
export { type TabItem, Tabs, type TabsProps } from './Tabs/Tabs';
export { Text, type TextProps, type TextVariant, VisuallyHidden } from './Text/Text';
export { type ToastItem, ToastRegion, type ToastRegionProps } from './Toast/ToastRegion';
export { TokenRow, type TokenRowProps } from './TokenRow/TokenRow';
export {
  Tooltip,
  type TooltipPlacement,
  type TooltipProps,
  type TooltipRect,
  type TooltipShade,
} from './Tooltip/Tooltip';
export {
  type TransactionDirection,
  TransactionRow,
  type TransactionRowProps,
  type TransactionStatus,
} from './TransactionRow/TransactionRow';
export { VirtualList, type VirtualListProps } from './VirtualList/VirtualList';
export { WalletTile, type WalletTileProps } from './WalletTile/WalletTile';
