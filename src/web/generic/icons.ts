// The declarations name their icon (resources/<name>.ts `icon`, typed: a misspelt name fails the
// typecheck); `npm run areas` imports exactly those (area-icons.generated.ts). The rest here are
// the pages' own (reports, outbox). A name-by-name import keeps the bundle small (importing the
// whole icon set to look names up would pull in thousands of icons).
import type { ComponentType } from 'react';
import type { SvgIconProps } from '@mui/material';
import AccountBalance from '@mui/icons-material/AccountBalance';
import AdminPanelSettings from '@mui/icons-material/AdminPanelSettings';
import Apartment from '@mui/icons-material/Apartment';
import AttachMoney from '@mui/icons-material/AttachMoney';
import Build from '@mui/icons-material/Build';
import Category from '@mui/icons-material/Category';
import ConfirmationNumber from '@mui/icons-material/ConfirmationNumber';
import Description from '@mui/icons-material/Description';
import Engineering from '@mui/icons-material/Engineering';
import Folder from '@mui/icons-material/Folder';
import Group from '@mui/icons-material/Group';
import Handshake from '@mui/icons-material/Handshake';
import House from '@mui/icons-material/House';
import Label from '@mui/icons-material/Label';
import MoneyOff from '@mui/icons-material/MoneyOff';
import Payments from '@mui/icons-material/Payments';
import PeopleAlt from '@mui/icons-material/PeopleAlt';
import Person from '@mui/icons-material/Person';
import ReceiptLong from '@mui/icons-material/ReceiptLong';
import RequestQuote from '@mui/icons-material/RequestQuote';
import Settings from '@mui/icons-material/Settings';
import Sms from '@mui/icons-material/Sms';
import TextSnippet from '@mui/icons-material/TextSnippet';
import Toll from '@mui/icons-material/Toll';
import Outbox from '@mui/icons-material/Outbox';
import MarkEmailRead from '@mui/icons-material/MarkEmailRead';
import Send from '@mui/icons-material/Send';
import Assessment from '@mui/icons-material/Assessment';
import AccountBox from '@mui/icons-material/AccountBox';
import HourglassBottom from '@mui/icons-material/HourglassBottom';
import { AREA_ICONS } from './area-icons.generated';

export type IconComponent = ComponentType<SvgIconProps>;

const ICONS: Record<string, IconComponent> = {
  ...AREA_ICONS,
  AccountBalance, AdminPanelSettings, Apartment, AttachMoney, Build, Category, ConfirmationNumber, Description, Engineering,
  Folder, Group, Handshake, House, Label, MoneyOff, Payments, PeopleAlt, Person, ReceiptLong, RequestQuote, Settings, Sms,
  TextSnippet, Toll, Outbox, MarkEmailRead, Send, Assessment, AccountBox, HourglassBottom,
};

export function iconNamed(name: string | undefined): IconComponent {
  return (name && ICONS[name]) || Folder;
}
