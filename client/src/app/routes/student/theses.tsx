import { thesesScreen } from "../thesis-screen";

export default thesesScreen("Your thesis: its state, its due date and what you can do now.");
