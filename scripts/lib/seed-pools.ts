/** The words volume data is made of: names, proposal topics, research cells. */

/** Words, one or more to a line, in order. */
const words = (text: string) => text.trim().split(/\s+/);

// Names are drawn from pools large enough that a name matches people the way it does in a real
// department (a surname about one student in 183, not one in 30), which is what people
// search meets.
export const FIRST = words(`
Amara Bilal Chen Dalia Elif Farhan Grace Hiro Ines Jonas Kavya Leon Maya Nikhil Olga Priya Quentin
Rania Sami Tara Umar Vera Wen Ximena Yusuf Zara Arjun Bea Carlos Dina Emre Fatima Gustav Hana Ivan
Jia Kofi Lena Mateo Noor Aaliyah Abdul Ada Adebayo Aditi Ahmet Aiko Aisha Akira Alejandro Alessia
Ali Alina Amal Amir Ana Anders Andrei Anika Ansel Anton Arash Aria Asha Astrid Ayesha Aziz Bao
Benedikt Bianca Bjorn Bruno Camila Cansu Chiara Chidi Chloe Cyrus Daniel Darius Deniz Diego Dmitri
Efe Elena Eli Emeka Emil Emma Erik Esra Ethan Eun Ewa Ezra Fiona Fleur Gabriel Giulia Goran Hamza
Hannah Haruto Hassan Helga Ibrahim Ilse Imani Irene Isaac Isla Jamal Jana Javier Jin Joao Jomo Julia
Kai Kamal Karim Katarzyna Kenji Khalid Kiran Lars Laila Lea Lucas Luis Lukas Mahmoud Malik Marco
Maria Marta Mehmet Mira Mohammed Nadia Naveen Nia Nils Omar Oscar Pablo Paolo Pavel Rafael Ravi Reza
Rosa Ruth Sakura Salma Samir Sara Selin Sergei Shirin Sina Sofia Soren Stella Sunil Tariq Teodor
Thabo Tomas Ulla Valentina Vikram Wei Yara Yuki Zeynep Zoran
`);

export const LAST = words(`
Ahmed Bergstrom Castillo Das Eriksen Fischer Gupta Haddad Ibrahim Jensen Kowalski Lindqvist Mensah
Nakamura Okafor Petrov Quispe Rahman Silva Tanaka Ueda Varga Weber Xu Yilmaz Zhang Costa Novak
Moreau Rossi Abara Acheampong Adeyemi Aguilar Akhtar Alvarez Andersen Aoki Arslan Asante Bakker
Banerjee Barros Becker Bianchi Bose Brandt Brennan Cabrera Chaudhry Chen Cho Choi Cohen Conti Cruz
Dahl Demir Diaz Dubois Duda Ekstrom Engel Farouk Ferrari Fernandes Fontaine Fujita Galli Garcia
Gomez Greco Grant Hakimi Hansen Hartmann Hashemi Hoang Hoffmann Horvat Hosseini Huang Idowu Inoue
Ivanova Iyer Jaber Jovanovic Kahn Kang Kaplan Karimi Kaur Keller Khan Kim Kirui Klein Koch Kovac
Kumar Kwame Larsen Laurent Lehmann Leone Lopez Lund Machado Mahmoud Malik Mandal Mansour Marino
Martins Mazur Mehta Meyer Mishra Mohamud Molina Morales Murphy Mwangi Nair Nasser Nguyen Nieminen
Nilsson Njoroge Nowak Obi Ogunleye Oliveira Omondi Ortiz Osei Ozturk Park Patel Pereira Perez
Popescu Qureshi Ramirez Rao Reyes Richter Rios Romero Saito Salazar Sanchez Santos Sato Schmidt
Schneider Sharma Shah Singh Sokolov Suzuki Takahashi Tan Teo Torres Tran Uddin Vargas Vasquez Vogel
Wagner Wang Watanabe Wolf Wu Yamamoto Yang Yeo Yildiz Zaman Zimmermann Zubair
`);

export const TOPICS = [
  "Federated learning for hospital records",
  "Energy-aware scheduling on edge devices",
  "Accessible campus navigation app",
  "Detecting phishing with graph features",
  "Low-cost air quality sensor network",
  "Explainable credit scoring",
  "Bangla speech recognition with small data",
  "A peer tutoring marketplace",
  "Automated grading of programming assignments",
  "Traffic prediction from public transit data",
  "Secure voting over mobile devices",
  "Crop disease detection from leaf images",
  "Microservice observability toolkit",
  "Offline-first library management",
  "Privacy-preserving contact tracing",
  "Sign language recognition on phones",
  "Smart irrigation controller",
  "Fake news detection in low-resource languages",
  "Indoor positioning with BLE beacons",
  "A compiler for a teaching language",
];

export const CELL_CATALOGUE: { title: string; description: string }[] = [
  {
    title: "Machine Learning & Data Science",
    description: "Learning from data: deep learning, NLP, computer vision and applied statistics.",
  },
  {
    title: "Networks & Security",
    description: "Computer networks, distributed systems, cryptography and software security.",
  },
  {
    title: "Software Engineering",
    description: "Building dependable software: testing, architecture, tooling and developer experience.",
  },
  {
    title: "Human–Computer Interaction",
    description: "Designing and evaluating interactive systems, accessibility and social computing.",
  },
  {
    title: "Embedded & IoT Systems",
    description: "Sensors, microcontrollers, edge computing and cyber-physical systems.",
  },
  {
    title: "Theory & Algorithms",
    description: "Algorithms, complexity, formal methods and programming languages.",
  },
];
