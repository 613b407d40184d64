import { thesisScreen } from "../thesis-screen";

export default thesisScreen({ to: "/student/theses", label: "Back to Theses" });
