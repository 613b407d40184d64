import { ChatScreen } from "@client/features/chat/components/chat-screen";

export default function StudentChatPage() {
  return <ChatScreen variant="student" />;
}
