import { ChatScreen } from "@client/features/chat/components/chat-screen";

export default function SupervisorChatPage() {
  return <ChatScreen variant="supervisor" />;
}
