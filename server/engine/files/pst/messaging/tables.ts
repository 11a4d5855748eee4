/**
 * The columns of the tables a PST keeps, as the templates of [MS-PST] 2.4.4.4.1 (hierarchy),
 * 2.4.4.5.1 (contents), 2.4.4.6.1 (associated contents, of which only the columns common to every
 * template are written: the writer adds no associated items), 2.4.5.3 (recipients) and 2.4.6.1.1
 * (attachments) list them. A table's rows repeat some of each child's properties: the columns a
 * child has fill its row, the others stay unset.
 */
import { PT, tagOf } from '../ltp/values.ts';

const t = tagOf;

export const HIERARCHY_COLUMNS = [
  t(0x0e30, PT.LONG), // PidTagReplItemid
  t(0x0e33, PT.I8), // PidTagReplChangenum
  t(0x0e34, PT.BINARY), // PidTagReplVersionHistory
  t(0x0e38, PT.LONG), // PidTagReplFlags
  t(0x3001, PT.UNICODE), // PidTagDisplayName
  t(0x3602, PT.LONG), // PidTagContentCount
  t(0x3603, PT.LONG), // PidTagContentUnreadCount
  t(0x360a, PT.BOOLEAN), // PidTagSubfolders
  t(0x3613, PT.UNICODE), // PidTagContainerClass
  t(0x6635, PT.LONG), // PidTagPstHiddenCount
  t(0x6636, PT.LONG), // PidTagPstHiddenUnread
];

export const CONTENTS_COLUMNS = [
  t(0x0017, PT.LONG), // PidTagImportance
  t(0x001a, PT.UNICODE), // PidTagMessageClass
  t(0x0036, PT.LONG), // PidTagSensitivity
  t(0x0037, PT.UNICODE), // PidTagSubject
  t(0x0039, PT.SYSTIME), // PidTagClientSubmitTime
  t(0x0042, PT.UNICODE), // PidTagSentRepresentingName
  t(0x0057, PT.BOOLEAN), // PidTagMessageToMe
  t(0x0058, PT.BOOLEAN), // PidTagMessageCcMe
  t(0x0070, PT.UNICODE), // PidTagConversationTopic
  t(0x0071, PT.BINARY), // PidTagConversationIndex
  t(0x0e03, PT.UNICODE), // PidTagDisplayCc
  t(0x0e04, PT.UNICODE), // PidTagDisplayTo
  t(0x0e06, PT.SYSTIME), // PidTagMessageDeliveryTime
  t(0x0e07, PT.LONG), // PidTagMessageFlags
  t(0x0e08, PT.LONG), // PidTagMessageSize
  t(0x0e17, PT.LONG), // PidTagMessageStatus
  t(0x0e30, PT.LONG), // PidTagReplItemid
  t(0x0e33, PT.I8), // PidTagReplChangenum
  t(0x0e34, PT.BINARY), // PidTagReplVersionHistory
  t(0x0e38, PT.LONG), // PidTagReplFlags
  t(0x0e3c, PT.BINARY), // PidTagReplCopiedfromVersionhistory
  t(0x0e3d, PT.BINARY), // PidTagReplCopiedfromItemid
  t(0x1097, PT.LONG), // PidTagItemTemporaryFlags
  t(0x3008, PT.SYSTIME), // PidTagLastModificationTime
  t(0x65c6, PT.LONG), // PidTagSecureSubmitFlags
];

export const ASSOC_CONTENTS_COLUMNS = [
  t(0x001a, PT.UNICODE), // PidTagMessageClass
  t(0x0e07, PT.LONG), // PidTagMessageFlags
  t(0x0e17, PT.LONG), // PidTagMessageStatus
  t(0x3001, PT.UNICODE), // PidTagDisplayName
];

export const RECIPIENT_COLUMNS = [
  t(0x0c15, PT.LONG), // PidTagRecipientType
  t(0x0e0f, PT.BOOLEAN), // PidTagResponsibility
  t(0x0ff9, PT.BINARY), // PidTagRecordKey
  t(0x0ffe, PT.LONG), // PidTagObjectType
  t(0x0fff, PT.BINARY), // PidTagEntryId
  t(0x3001, PT.UNICODE), // PidTagDisplayName
  t(0x3002, PT.UNICODE), // PidTagAddressType
  t(0x3003, PT.UNICODE), // PidTagEmailAddress
  t(0x300b, PT.BINARY), // PidTagSearchKey
  t(0x3900, PT.LONG), // PidTagDisplayType
  t(0x39fe, PT.UNICODE), // PidTagSmtpAddress
  t(0x39ff, PT.UNICODE), // PidTag7BitDisplayName
  t(0x3a40, PT.BOOLEAN), // PidTagSendRichInfo
  t(0x5fdf, PT.LONG), // PidTagRecipientOrder
];

export const ATTACHMENT_COLUMNS = [
  t(0x0e20, PT.LONG), // PidTagAttachSize
  t(0x3704, PT.UNICODE), // PidTagAttachFilename
  t(0x3705, PT.LONG), // PidTagAttachMethod
  t(0x370b, PT.LONG), // PidTagRenderingPosition
];
