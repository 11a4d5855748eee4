/**
 * The parts of the Gmail API's resources this destination reads (developers.google.com/gmail/api/reference/rest):
 * Label, the labels.list answer, Message as import and modify answer it, and the messages.list answer.
 * Fields we do not read are not listed (valibot's objects ignore them).
 */
import * as v from 'valibot';

export const LabelSchema = v.object({
  id: v.string(),
  name: v.string(),
  type: v.optional(v.picklist(['system', 'user'])),
  messagesTotal: v.optional(v.number()),
});
export type Label = v.InferOutput<typeof LabelSchema>;

export const LabelListSchema = v.object({ labels: v.optional(v.array(LabelSchema), []) });

export const MessageSchema = v.object({ id: v.string(), threadId: v.optional(v.string()), labelIds: v.optional(v.array(v.string())) });

export const MessageListSchema = v.object({
  messages: v.optional(v.array(v.object({ id: v.string(), threadId: v.optional(v.string()) })), []),
  nextPageToken: v.optional(v.string()),
});
